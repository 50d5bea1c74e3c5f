// The web test files that mock modules, each isolated as Vitest's default has it (see
// vitest.config.ts beside this file).
import { webProject } from './vitest.config.ts';

export default webProject('web-mocks');
