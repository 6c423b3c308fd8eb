/**
 * The order files start in: within a project, the longest first, so that no long file starts last
 * and keeps one worker busy while the others wait. Vitest's own order uses the durations it cached
 * in node_modules, which a fresh clone (CI) lacks, and falls back to the largest file first, which
 * put the slowest end-to-end file among the last. Here a file's duration comes from Vitest's cache
 * when it has one, else from `tests/file-durations.json` (seconds, refreshed by
 * `UPDATE_DURATIONS=1 npm test`, scripts/test-all.ts); a file in neither runs first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const table = path.join(import.meta.dirname, 'file-durations.json');

function knownSeconds(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(table, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = knownSeconds();
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => {
      const file = path.relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      return cached ? cached.duration / 1000 : known[`${spec.project.name}:${file}`];
    };
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const [first, second] = [seconds(a), seconds(b)];
      if (first === undefined || second === undefined) return first === undefined ? (second === undefined ? 0 : -1) : 1;
      return second - first;
    });
  }
}
