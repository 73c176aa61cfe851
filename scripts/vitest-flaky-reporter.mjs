/**
 * A Vitest reporter for `npm test` (scripts/test.mjs): writes the tests that passed only on a retry
 * (Vitest's `retry` option; its JSON report does not tell them apart) to the file named by
 * VITEST_FLAKY_FILE, as a JSON list of "file > test" names. Reports nothing else.
 */
import { writeFileSync } from "node:fs";
import { relative } from "node:path";

export default class FlakyReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    if (testCase.diagnostic()?.flaky) this.flaky.push(`${relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}`);
  }

  onTestRunEnd() {
    if (process.env.VITEST_FLAKY_FILE) writeFileSync(process.env.VITEST_FLAKY_FILE, JSON.stringify(this.flaky));
  }
}
