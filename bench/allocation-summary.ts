/**
 * `node bench/results/.build/bench/allocation-summary.js FILE.heapprofile [top=25]`: the bytes a
 * sampling heap profile (allocation-profile.ts) saw allocated, by function (self) and by
 * package or folder, largest first.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const [file, top = '25'] = process.argv.slice(2);
if (!file) throw new Error('usage: allocation-summary.js FILE.heapprofile [top]');
const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: ProfileNode };
const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
let total = 0;
const place = (url: string) => {
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1]!;
  const ours = /\/(server\/src\/[^/]+(?:\/[^/]+)?)\//.exec(url);
  return ours ? ours[1]! : url.startsWith('node:') ? 'node' : url || '(native)';
};
const visit = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|\.build)\//, '')}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + node.selfSize);
  byPlace.set(place(url), (byPlace.get(place(url)) ?? 0) + node.selfSize);
  total += node.selfSize;
  node.children.forEach(visit);
};
visit(head);
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${((bytes / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
};
console.log(`${(total / 1024 / 1024).toFixed(0)} MB sampled`);
show('by function (self)', byFunction);
show('by package or folder', byPlace);
