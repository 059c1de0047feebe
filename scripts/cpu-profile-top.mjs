// `node scripts/cpu-profile-top.mjs FILE.cpuprofile [rows]`: where a V8 CPU profile (node --cpu-prof)
// spent its time: self time by package, self time by function, and inclusive time by function.
// See docs/perf/history.md, "Where the time goes", for how the server's profile is taken under load.
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/cpu-profile-top.mjs FILE.cpuprofile [rows]');
  process.exit(1);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

// Self time per profile node: each sample's time delta goes to the node it was taken in.
const selfByNode = new Map();
profile.samples.forEach((id, i) => selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfByNode.values()].reduce((sum, time) => sum + time, 0);

const where = (frame) => frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(dist|server|bench)\//, '$1/');
const functionKey = (frame) => `${frame.functionName || '(anonymous)'} ${where(frame)}:${frame.lineNumber + 1}`;
const packageKey = (frame) => {
  const inModules = frame.url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1];
  if (frame.url.startsWith('node:')) return 'node (built-in modules)';
  if (frame.url) return 'app';
  return frame.functionName || '(native)';
};

const selfByPackage = new Map();
const selfByFunction = new Map();
const inclusive = new Map();
const add = (map, key, time) => map.set(key, (map.get(key) ?? 0) + time);
for (const [id, time] of selfByNode) {
  const frame = nodes.get(id).callFrame;
  add(selfByPackage, packageKey(frame), time);
  add(selfByFunction, functionKey(frame), time);
  // Inclusive: once per function on the stack, however often it recurses.
  const seen = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const key = functionKey(nodes.get(at).callFrame);
    if (!seen.has(key)) add(inclusive, key, time);
    seen.add(key);
  }
}

const print = (title, map) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [key, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${((100 * time) / total).toFixed(1).padStart(5)}%  ${(time / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
};
print('Self time by package', selfByPackage);
print('Self time by function', selfByFunction);
print('Inclusive time by function', inclusive);
