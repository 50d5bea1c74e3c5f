// Material UI's Tooltip for the app frame, loaded on first input. The tooltip brings a positioning
// engine that nothing needs before someone points, touches or tabs: until the first such input
// on the page, the element shows alone, named by its tooltip's title as Tooltip names it. Then
// the code loads and every frame tooltip becomes the real one; an element that had the focus
// keeps it, and one under the pointer opens its tooltip as if just entered.
import type { TooltipProps } from '@mui/material/Tooltip';
import {
  type ComponentType,
  cloneElement,
  type ReactElement,
  type Ref,
  useCallback,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import { afterPress, onFirstPageInput } from './first-input';

let tooltip: ComponentType<TooltipProps> | null = null;
let loading = false;
const listeners = new Set<() => void>();

function load() {
  if (loading) return;
  loading = true;
  import('@mui/material/Tooltip').then(
    ({ default: loaded }) => afterPress(() => show(loaded)),
    () => {
      // Offline or mid-deployment: the next input tries again.
      loading = false;
      onFirstPageInput(load);
    },
  );
}

function show(loaded: ComponentType<TooltipProps>) {
  tooltip = loaded;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (tooltip === null && !loading) onFirstPageInput(load);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export function LazyTooltip(props: TooltipProps) {
  const { children, title, describeChild } = props;
  const node = useRef<HTMLElement | null>(null);
  const handover = useRef({ focused: false, pending: false });
  const Tooltip = useSyncExternalStore(
    useCallback((onChange: () => void) => {
      return subscribe(() => {
        handover.current = {
          focused: node.current !== null && node.current === document.activeElement,
          pending: true,
        };
        onChange();
      });
    }, []),
    () => tooltip,
    () => null,
  );

  const childRef = (children.props as { ref?: Ref<HTMLElement> }).ref;
  const ref = useCallback(
    (element: HTMLElement | null) => {
      node.current = element;
      setRef(childRef, element);
    },
    [childRef],
  );

  useLayoutEffect(() => {
    if (Tooltip === null || !handover.current.pending) return;
    handover.current.pending = false;
    const element = node.current;
    if (element === null) return;
    if (handover.current.focused) element.focus();
    else if (element.matches(':hover')) {
      element.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    }
  }, [Tooltip]);

  // The element's own props, the ref aside, stay as they are.
  const child = children as ReactElement<{ ref?: Ref<HTMLElement> }>;
  if (Tooltip !== null) {
    return <Tooltip {...props}>{cloneElement(child, { ref })}</Tooltip>;
  }
  // What Tooltip itself gives the element while closed: the title as its name (or, describing
  // it, as its native title), unless the element sets that itself.
  const own = children.props as Record<string, unknown>;
  const attribute = describeChild ? 'title' : 'aria-label';
  const named = typeof title === 'string' && !(attribute in own) ? { [attribute]: title } : {};
  return cloneElement(child, { ...named, ref });
}
