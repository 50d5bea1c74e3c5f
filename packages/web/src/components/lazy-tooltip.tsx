// Material UI's Tooltip for the app frame, loaded on first input. The tooltip brings a positioning
// engine that nothing needs before someone points, touches or tabs: until the first such input
// on the page, the element shows alone, named by its tooltip's title as Tooltip names it.
//
// The element itself never moves in the tree: the tooltip, once its code is there, is rendered
// beside it (on a hidden stand-in) and anchored to it, opened and closed from here. Wrapping the
// element in Tooltip when the code arrives would remount it on the very first press, and a menu
// or pop-over anchored to the pressed element would then open at the page's corner.
//
// Opening follows Tooltip's defaults: a mouse or pen resting 100 ms, keyboard focus (not a
// click's), a touch held 700 ms (shown 1.5 s after the finger lifts); a tap never opens it.
import type { TooltipProps } from '@mui/material/Tooltip';
import {
  type ComponentType,
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  type TouchEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { onFirstPageInput } from './first-input';

let tooltip: ComponentType<TooltipProps> | null = null;
let loading = false;
const listeners = new Set<() => void>();

function load() {
  if (loading) return;
  loading = true;
  import('@mui/material/Tooltip').then(
    ({ default: loaded }) => {
      tooltip = loaded;
      for (const listener of listeners) listener();
    },
    () => {
      // Offline or mid-deployment: the next input tries again.
      loading = false;
      onFirstPageInput(load);
    },
  );
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

function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

const ENTER_DELAY_MS = 100;
const TOUCH_ENTER_DELAY_MS = 700;
const TOUCH_LEAVE_DELAY_MS = 1500;

type Handlers = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onTouchStart?: (event: TouchEvent<HTMLElement>) => void;
  onTouchEnd?: (event: TouchEvent<HTMLElement>) => void;
  ref?: Ref<HTMLElement>;
};

export function LazyTooltip(props: TooltipProps) {
  const { children, title, describeChild, ...tooltipProps } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  const Tooltip = useSyncExternalStore(
    subscribe,
    () => tooltip,
    () => null,
  );

  const later = useCallback((delay: number, next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), delay);
  }, []);
  const now = useCallback((next: boolean) => {
    clearTimeout(timer.current);
    setOpen(next);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const own = children.props as Handlers & Record<string, unknown>;
  const childRef = own.ref;
  const ref = useCallback(
    (element: HTMLElement | null) => {
      setAnchor(element);
      setRef(childRef, element);
    },
    [childRef],
  );

  const handlers: Handlers = {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') later(ENTER_DELAY_MS, true);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      if (event.pointerType !== 'touch') now(false);
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      if (focusVisible(event.currentTarget)) now(true);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      now(false);
    },
    onTouchStart: (event) => {
      own.onTouchStart?.(event);
      later(TOUCH_ENTER_DELAY_MS, true);
    },
    onTouchEnd: (event) => {
      own.onTouchEnd?.(event);
      if (open) later(TOUCH_LEAVE_DELAY_MS, false);
      else now(false);
    },
  };

  // What Tooltip itself gives the element: the title as its name (or, describing it, as its
  // native title while closed and the tooltip as its description while open), unless the
  // element sets that itself.
  const shown = open && Tooltip !== null;
  const naming: Record<string, unknown> = {};
  if (typeof title === 'string') {
    if (!describeChild && !('aria-label' in own)) naming['aria-label'] = title;
    if (describeChild && !shown && !('title' in own)) naming.title = title;
  }
  if (describeChild && shown) naming['aria-describedby'] = id;

  const child = children as ReactElement<Handlers>;
  return (
    <>
      {cloneElement(child, { ...naming, ...handlers, ref })}
      {Tooltip !== null && anchor !== null && (
        <Tooltip
          {...tooltipProps}
          id={id}
          title={title}
          open={open}
          onOpen={() => now(true)}
          onClose={() => now(false)}
          slotProps={{ ...tooltipProps.slotProps, popper: { anchorEl: anchor } }}
        >
          <span hidden />
        </Tooltip>
      )}
    </>
  );
}
