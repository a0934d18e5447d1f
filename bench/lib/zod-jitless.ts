/**
 * Imported first by code the bench evaluates in an extension page through CDP. On the panel,
 * the CSP makes zod find out it cannot compile parsers from strings; code evaluated through CDP
 * passes zod's probe and fails later, when a parser is compiled outside the evaluation.
 */
import { config } from 'zod';

config({ jitless: true });
