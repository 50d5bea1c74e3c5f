// The shell's dialogs, drawers and pop-ups load their code the first time they open rather than
// with every page: a part mounts on its first opening and then stays mounted, so closing it
// plays its transition and it keeps its state, as one mounted from the start would.
import { useState } from 'react';

/** Whether `open` has been true at least once since the caller mounted. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
