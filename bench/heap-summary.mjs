#!/usr/bin/env node
// @ts-check
/**
 * What a heap snapshot of the server holds (bench/README.md#memory-under-hostile-load): its self
 * sizes by kind of node (code, strings, arrays, objects…), the constructors that hold the most,
 * and the modules whose source text and compiled code it keeps, by package. Take the snapshot
 * with `NODE_ARGS=--heapsnapshot-signal=SIGUSR2 npm run bench:hostile`, then `kill -USR2 <pid>`
 * while it runs (the file lands in the server's folder).
 *
 *   node bench/heap-summary.mjs Heap.….heapsnapshot [--top 25]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' } } });
const file = positionals[0];
if (!file) {
  console.error('Usage: node bench/heap-summary.mjs FILE.heapsnapshot [--top N]');
  process.exit(2);
}
const top = Number(values.top);
const snapshot = JSON.parse(readFileSync(file, 'utf8'));
const { node_fields: nodeFields, edge_fields: edgeFields, node_types: nodeTypes } = snapshot.snapshot.meta;
const { nodes, edges, strings } = snapshot;
const nodeWidth = nodeFields.length;
const edgeWidth = edgeFields.length;
const at = {
  type: nodeFields.indexOf('type'),
  name: nodeFields.indexOf('name'),
  size: nodeFields.indexOf('self_size'),
  edges: nodeFields.indexOf('edge_count'),
  edgeName: edgeFields.indexOf('name_or_index'),
  edgeTo: edgeFields.indexOf('to_node'),
};
const typeNames = /** @type {string[]} */ (nodeTypes[at.type]);
const MB = 1024 * 1024;
/** @param {number} bytes */
const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;

const count = nodes.length / nodeWidth;
/** The first edge of each node. */
const firstEdge = new Uint32Array(count + 1);
for (let node = 0, edge = 0; node < count; node += 1) {
  firstEdge[node] = edge;
  edge += nodes[node * nodeWidth + at.edges] * edgeWidth;
  firstEdge[node + 1] = edge;
}

const byType = new Map();
const byName = new Map();
let total = 0;
for (let node = 0; node < count; node += 1) {
  const base = node * nodeWidth;
  const type = typeNames[nodes[base + at.type]];
  const size = nodes[base + at.size];
  total += size;
  byType.set(type, (byType.get(type) ?? 0) + size);
  if (type === 'object' || type === 'closure' || type === 'array' || type === 'native' || type === 'hidden') {
    const key = `${type} ${strings[nodes[base + at.name]]}`.slice(0, 90);
    byName.set(key, (byName.get(key) ?? 0) + size);
  }
}

/** A module's package (or our bundle) from a script's URL. @param {string} url */
function packageOf(url) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  if (/build\/server\//.test(url)) return '(the server bundle)';
  if (url.startsWith('node:') || !url.includes('/')) return '(Node itself)';
  return url
    .replace(/^file:\/\//, '')
    .split('/')
    .slice(-2)
    .join('/');
}

// Scripts are code nodes named by their address, with an edge named "source" to their text.
const sources = new Map();
for (let node = 0; node < count; node += 1) {
  const base = node * nodeWidth;
  if (typeNames[nodes[base + at.type]] !== 'code') continue;
  const url = strings[nodes[base + at.name]] ?? '';
  if (!/^(file:|node:|\/)/.test(url)) continue;
  for (let edge = firstEdge[node] ?? 0; edge < (firstEdge[node + 1] ?? 0); edge += edgeWidth) {
    if (strings[edges[edge + at.edgeName]] !== 'source') continue;
    const key = packageOf(url);
    sources.set(key, (sources.get(key) ?? 0) + nodes[edges[edge + at.edgeTo] + at.size]);
  }
}

console.log(`${file}: ${count.toLocaleString()} nodes, ${mb(total)} in all`);
console.log('\nBy kind of node:');
for (const [type, size] of [...byType].sort((a, b) => b[1] - a[1])) console.log(`  ${type.padEnd(22)} ${mb(size).padStart(9)}`);
console.log(`\nThe ${top} constructors and internal kinds that hold the most (self size):`);
for (const [name, size] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${mb(size).padStart(9)}  ${name}`);
const allSources = [...sources.values()].reduce((sum, size) => sum + size, 0);
console.log(`\nSource text of the loaded modules, by package (${mb(allSources)} in all):`);
for (const [name, size] of [...sources].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${mb(size).padStart(9)}  ${name}`);
