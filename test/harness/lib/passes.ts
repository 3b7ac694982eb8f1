// The integration stage's passes: the whole suite against the emulator's own choices, then the
// tests tagged for variants against the emulator playing `strict` (every variant profile at once:
// no list endpoints, other carriers, problem+json, 412/400, extra and missing fields, paged
// oldest-first histories, strict request bodies, foreign values). Pure: which passes, which tests.

/** In a describe or it title: the test also runs in the strict pass. */
export const VARIANTS_TAG = '@variants';
/** In a describe or it title: the test runs in the strict pass only (the default pass leaves it out). */
export const VARIANTS_ONLY_TAG = '@variants-only';
/**
 * In a describe or it title: a long run, made only by the reliability stage (WSA_TEST_LONG=1,
 * `npm run test:reliability`), which CI runs after `npm test`.
 */
export const LONG_TAG = '@long';
/** In a describe or it title: in the default pass always; in the strict pass only with the long runs. */
export const VARIANTS_LONG_TAG = '@variants-long';

export interface IntegrationPass {
  /** 'default' or the variant pass's profile. */
  readonly name: string;
  /** Names the results folder: `test-results/<suite>/`. */
  readonly suite: string;
  /** Given to the emulator as `--variant`; empty for our own choices. */
  readonly variants: readonly string[];
  /** The Mocha grep (a regular expression over "describe title + it title"). */
  readonly grep: string;
}

/**
 * The passes `env` asks for. WSA_TEST_GREP narrows both (a test runs in a pass when it matches the
 * pass's tag rule and the grep); WSA_TEST_STRICT=0 leaves the strict pass out, =only runs it alone;
 * WSA_TEST_LONG=1 adds the long runs.
 */
export function integrationPasses(env: NodeJS.ProcessEnv): IntegrationPass[] {
  const user = env.WSA_TEST_GREP ? `(?=.*(?:${env.WSA_TEST_GREP}))` : '';
  const long = env.WSA_TEST_LONG === '1';
  // A tag ends at a space or the end of the title.
  const notLong = long ? '' : `(?!.*${LONG_TAG}(?:\\s|$))`;
  const passes: IntegrationPass[] = [];
  const strict = env.WSA_TEST_STRICT ?? '1';
  if (strict !== 'only')
    passes.push({ name: 'default', suite: 'integration', variants: [], grep: `^(?!.*${VARIANTS_ONLY_TAG})${notLong}${user}` });
  if (strict !== '0') {
    const tagged = long ? VARIANTS_TAG : `${VARIANTS_TAG}(?!-long)`;
    passes.push({ name: 'strict', suite: 'integration-strict', variants: ['strict'], grep: `^(?=.*${tagged})${notLong}${user}` });
  }
  return passes;
}
