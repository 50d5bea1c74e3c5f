// The first input that shows someone is about to use the page with a pointer or the keyboard
// (moving or pressing a pointer, a touch, the Tab key). Parts of the app frame that only matter
// from then on (tooltips, the language menu) load their code at that moment rather than with
// the page; swapping them in waits until a press has become its click.

const firstInputs = ['pointermove', 'pointerdown', 'touchstart', 'keydown'] as const;
const waiting = new Set<() => void>();
let watching = false;
let pointersDown = 0;

function onFirstInput(event: Event) {
  if (event instanceof KeyboardEvent && event.key !== 'Tab') return;
  for (const type of firstInputs) window.removeEventListener(type, onFirstInput, true);
  watching = false;
  const callbacks = [...waiting];
  waiting.clear();
  for (const callback of callbacks) callback();
}

let trackingPresses = false;

function trackPresses() {
  if (trackingPresses) return;
  trackingPresses = true;
  window.addEventListener('pointerdown', () => pointersDown++, true);
  const release = () => {
    pointersDown = Math.max(0, pointersDown - 1);
  };
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

/** Calls `callback` once, at the first input on the page. */
export function onFirstPageInput(callback: () => void) {
  if (typeof window === 'undefined') return;
  trackPresses();
  waiting.add(callback);
  if (watching) return;
  watching = true;
  for (const type of firstInputs) window.addEventListener(type, onFirstInput, true);
}

/** Runs `action` now, or, while a pointer is pressed, once that press has become its click. */
export function afterPress(action: () => void) {
  if (pointersDown === 0) {
    action();
    return;
  }
  // The click follows the release in the same task for a mouse, a little later for a touch.
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    window.removeEventListener('click', settle, true);
    window.removeEventListener('pointerup', wait, true);
    window.removeEventListener('pointercancel', wait, true);
    setTimeout(action, 0);
  };
  const wait = () => setTimeout(settle, 300);
  window.addEventListener('click', settle, true);
  window.addEventListener('pointerup', wait, true);
  window.addEventListener('pointercancel', wait, true);
}

/**
 * Fetches a pop-up's code at the first input on the page, so that its first opening shows at
 * once instead of after a round trip (a failure is left for the opening itself to retry).
 */
export function preloadOnFirstInput(load: () => Promise<unknown>) {
  onFirstPageInput(() => {
    load().catch(() => {});
  });
}
