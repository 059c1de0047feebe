// `npm run schema:release`: makes the emitted schema the released contract. Copies
// schema/schema.graphql to schema/released.graphql and turns the changelog's "Unreleased"
// section into a dated one, leaving a fresh empty "Unreleased" above it.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const schemaDir = fileURLToPath(new URL('../schema/', import.meta.url));
const changelogPath = `${schemaDir}CHANGELOG.md`;
const today = new Date().toISOString().slice(0, 10);
const changelog = readFileSync(changelogPath, 'utf8');
if (!/^## Unreleased\s*$/m.test(changelog)) {
  console.error('schema/CHANGELOG.md has no "## Unreleased" section to release.');
  process.exit(1);
}
writeFileSync(changelogPath, changelog.replace(/^## Unreleased\s*$/m, `## Unreleased\n\n## ${today}`));
copyFileSync(`${schemaDir}schema.graphql`, `${schemaDir}released.graphql`);
console.log(`Released the schema as of ${today}: schema/released.graphql updated, changelog section dated.`);
