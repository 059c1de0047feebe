import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractProblems, recordedPaths } from './schema-compat.js';

const released = `
  type Query {
    post(id: ID!): Post
    legacyCount: Int @deprecated(reason: "Use count.")
    count: Int
  }
  type Post { id: ID! title: String status: Status }
  enum Status { DRAFT PUBLISHED }
`;

const changelog = (unreleased: string) => `# Schema changelog\n\n## Unreleased\n${unreleased}\n## 2026-11-25\n- \`Post.body\` removed long ago\n`;

describe('the public schema contract', () => {
  it('accepts additions without a changelog entry', async () => {
    const current = released.replace('count: Int', 'count: Int\n    posts: [Post!]!');
    expect(await contractProblems(released, current, changelog(''))).toEqual([]);
  });

  it('refuses a breaking change that is not recorded, and accepts it once recorded', async () => {
    const current = released.replace('title: String', 'title: String!').replace('post(id: ID!): Post', 'post(id: ID!, scope: String!): Post');
    const problems = await contractProblems(released, current, changelog(''));
    expect(problems.map((problem) => problem.path).sort()).toEqual(['Query.post.scope']);
    expect(await contractProblems(released, current, changelog('- `Query.post.scope` is now required because …\n'))).toEqual([]);
  });

  it('refuses removing a field or enum value that was never deprecated, even when recorded', async () => {
    const current = released.replace('title: String ', '').replace('DRAFT ', '');
    const problems = await contractProblems(released, current, changelog('- `Post.title` and `Status.DRAFT` removed\n'));
    expect(problems.map((problem) => problem.path).sort()).toEqual(['Post.title', 'Status.DRAFT']);
    expect(problems[0]!.message).toMatch(/deprecate it/);
  });

  it('lets a deprecated field go once the removal is recorded', async () => {
    const current = released.replace('legacyCount: Int @deprecated(reason: "Use count.")', '');
    expect(await contractProblems(released, current, changelog(''))).toHaveLength(1);
    expect(await contractProblems(released, current, changelog('- Removed `Query.legacyCount` (deprecated in the last release).\n'))).toEqual([]);
  });

  it('reads recorded paths only from the Unreleased section', () => {
    expect([...recordedPaths(changelog('- `Query.post` changed\n'))]).toEqual(['Query.post']);
  });

  it('holds for the emitted schema against the last released one', async () => {
    const read = (file: string) => readFileSync(new URL(`../../../../schema/${file}`, import.meta.url), 'utf8');
    const problems = await contractProblems(read('released.graphql'), read('schema.graphql'), read('CHANGELOG.md'));
    expect(problems.map((problem) => problem.message)).toEqual([]);
  });
});
