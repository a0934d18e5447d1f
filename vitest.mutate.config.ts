/**
 * The tests `npm run mutate` runs against each mutant: unit and integration (Node only; the
 * relay, conformance and Chromium suites are too slow to run per mutant on two cores).
 */
import { defineConfig } from 'vitest/config';
import { integrationProjects, unitProjects } from './vitest.config';

export default defineConfig({ test: { projects: [...unitProjects, ...integrationProjects] } });
