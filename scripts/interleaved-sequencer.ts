import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Typical seconds per file of each project on the 2-core machines the suite runs on, for a
 * clean clone that has no timings of its own yet (CI always is one). Measured 29 Nov 2026:
 * browser files 34 s, server files 2.2 s, client files 1.6 s, domain files 0.2 s.
 */
const SECONDS_PER_FILE: Record<string, number> = { e2e: 34, server: 2.2, client: 1.6, domain: 0.2 };

/**
 * Vitest runs one project after another (client, domain, e2e, server: by name), so the server
 * files, which mostly wait on PostgreSQL and on the timeouts they test, ran alone for minutes
 * after the browser files, which keep both cores busy. This keeps each project's own order
 * (failed first, then longest first) but deals the files out in proportion to each project's
 * estimated work, so a browser file and the server files beside it share the run from start to
 * end. Every file makes its own database and app, so the order changes no result.
 */
export default class InterleavedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of await super.sort(files)) {
      const name = file.project.name;
      byProject.set(name, [...(byProject.get(name) ?? []), file]);
    }
    const estimate = (file: TestSpecification) => {
      const known = this.ctx.cache.getTestSpecificationResult(file)?.duration;
      return known === undefined ? (SECONDS_PER_FILE[file.project.name] ?? 1) * 1000 : known;
    };
    const projects = [...byProject].map(([name, queue]) => {
      const total = queue.reduce((sum, file) => sum + estimate(file), 0) || 1;
      return { name, queue, total, done: 0 };
    });
    const order: TestSpecification[] = [];
    for (;;) {
      // The project furthest behind its share of the run goes next.
      const next = projects.filter((project) => project.queue.length > 0).sort((a, b) => a.done / a.total - b.done / b.total)[0];
      if (!next) return order;
      const file = next.queue.shift()!;
      next.done += estimate(file);
      order.push(file);
    }
  }
}
