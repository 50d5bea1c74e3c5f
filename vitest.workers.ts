import { availableParallelism } from 'node:os';

/**
 * Test workers for every Vitest project. Vitest's default is one fewer than the cores: a single
 * worker on a 2-core machine, where the test files often wait on their database or on timers and
 * two run 1.4–1.6× faster. The node and web projects share one pool of this size, so they must
 * agree on it (Vitest runs a project with a different count in a group of its own).
 */
export const testWorkers = Math.max(2, availableParallelism() - 1);
