/**
 * The service worker's lazy parts: what only some people use (the connection doctor, skills,
 * routines' bookkeeping) leaves the script every cold start parses, and loads the first time it
 * is needed. In the code, a lazy part is an `import()` (src/skills/skills-facade.ts, say).
 *
 * An MV3 service worker cannot `import()`, and a classic one may `importScripts()` only while
 * it runs for the first time, or later a script it imported while being installed (checked in
 * Chromium 156: any other URL throws "importScripts() of new scripts after service worker
 * installation is not allowed"). So the worker is built as CommonJS chunks (the bundler turns
 * each `import()` into a `require` of a chunk) and this plugin wraps every chunk in a call that
 * only records it, and gives `background.js` a small loader:
 *
 * - `background.js` holds the loader, every chunk the start needs (the entry and what it
 *   imports, however the bundler split them), and runs the entry, as the IIFE did before;
 * - its `install` listener imports every lazy chunk (under worker/) once, which records them
 *   and runs none of their code, so Chrome keeps them with the worker's registration;
 * - `require` of a chunk not recorded yet imports it then (from the registration, no network),
 *   and runs it once; a chunk whose code throws is not kept half-run, and the next `require`
 *   runs it again (the `import()` that wanted it rejects, and may be tried again).
 *
 * No code is compiled at run time (no eval, no Function): the chunks are the extension's own
 * files, which the extension pages' `script-src 'self'` already allows. `npm run budget` fails
 * when a lazy chunk is missing from the install's list.
 */
import { posix } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** Where the lazy chunks go, beside `background.js`. */
const CHUNK_DIRECTORY = 'worker';

/** The global through which a chunk records itself (the loader defines it first). */
const RECORD = '__patchbayWorkerChunk';

/** The worker's build options: CommonJS chunks, and this plugin to load them. */
export function lazyWorkerChunks(config: {
  build?: {
    lib?: unknown;
    rollupOptions?: { preserveEntrySignatures?: unknown; output?: unknown };
  };
  plugins?: unknown[];
}) {
  const build = (config.build ??= {});
  (build.lib as { formats: string[] }).formats = ['cjs'];
  const rollupOptions = (build.rollupOptions ??= {});
  // The entry chunk may export what lazy chunks take from it (fewer chunks to join at start).
  rollupOptions.preserveEntrySignatures = 'allow-extension';
  const output = (rollupOptions.output ??= {}) as Record<string, unknown>;
  // Named by the module that starts them: worker/mcp-doctor-run-<hash>.js.
  output.chunkFileNames = (chunk: { facadeModuleId: string | null }) =>
    `${CHUNK_DIRECTORY}/${partName(chunk.facadeModuleId) ?? '[name]'}-[hash].js`;
  output.inlineDynamicImports = false;
  (config.plugins ??= []).push(workerChunkLoader());
}

/** `src/mcp/doctor/run.ts` -> `mcp-doctor-run`. */
function partName(moduleId: string | null): string | undefined {
  const path = moduleId?.match(/\/src\/(.+)\.ts$/)?.[1];
  return path?.replaceAll('/', '-');
}

/** The loader, first in `background.js`; `lazy` lists the chunks the install keeps. */
function loader(lazy: string[]): string {
  return `(()=>{const defined={},loaded={};
const resolve=(from,path)=>{const parts=from.split("/").slice(0,-1);for(const part of path.split("/")){if(part==="..")parts.pop();else if(part!==".")parts.push(part)}return parts.join("/")};
const load=(id)=>{if(!loaded[id]){if(!defined[id])importScripts("/"+id);const module={exports:{}};loaded[id]=module;try{defined[id]((path)=>load(resolve(id,path)),module.exports,module)}catch(error){delete loaded[id];throw error}}return loaded[id].exports};
self.${RECORD}=(id,chunk)=>{defined[id]=chunk};
addEventListener("install",()=>importScripts(...${JSON.stringify(lazy.map((id) => `/${id}`))}));
`;
}

/** A chunk's code as a record: run when first required. */
const recorded = (id: string, code: string) =>
  `self.${RECORD}(${JSON.stringify(id)},function(require,exports,module){\n${code}\n});\n`;

const SOURCE_MAP_COMMENT = /\n?\/\/# sourceMappingURL=[^\n]*\n?$/;

type Bundle = Rollup.OutputBundle;
type Chunk = Rollup.OutputChunk;
interface Piece {
  text: string;
  /** The chunk whose code the piece holds, and the line its code starts on in the piece. */
  chunk?: { fileName: string; line: number };
}

/** `pieces` as one file, and its source map as an index map of the chunks' maps. */
function joined(bundle: Bundle, pieces: Piece[], fileName: string) {
  let line = 0;
  const sections: { offset: { line: number; column: number }; map: unknown }[] = [];
  for (const piece of pieces) {
    const map = piece.chunk && bundle[`${piece.chunk.fileName}.map`];
    if (piece.chunk && map?.type === 'asset') {
      const section = JSON.parse(String(map.source)) as { sourceRoot?: string };
      // Its sources are named from where the chunk was, not from `fileName`.
      const from = posix.relative(posix.dirname(fileName), posix.dirname(piece.chunk.fileName));
      if (from) section.sourceRoot = `${from}/${section.sourceRoot ?? ''}`;
      sections.push({ offset: { line: line + piece.chunk.line, column: 0 }, map: section });
    }
    line += piece.text.split('\n').length - 1;
  }
  return {
    code: pieces.map((piece) => piece.text).join(''),
    map: JSON.stringify({ version: 3, file: fileName, sections }),
  };
}

/** A chunk's own code, without the comment naming its map. */
const codeOf = (chunk: Chunk) => chunk.code.replace(SOURCE_MAP_COMMENT, '');
const pieceOf = (chunk: Chunk): Piece => ({
  text: recorded(chunk.fileName, codeOf(chunk)),
  chunk: { fileName: chunk.fileName, line: 1 },
});

function workerChunkLoader(): Plugin {
  return {
    name: 'patchbay:worker-chunks',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      // What the start needs, the chunks the entry imports (and theirs), goes into
      // background.js: whatever the bundler split off, the start parses one file.
      const start = new Set<string>();
      const visit = (chunk: Chunk) => {
        for (const name of chunk.imports) {
          const imported = bundle[name];
          if (start.has(name) || imported?.type !== 'chunk') continue;
          start.add(name);
          visit(imported);
        }
      };
      visit(entry);
      const lazy = chunks.filter((chunk) => chunk !== entry && !start.has(chunk.fileName));
      for (const chunk of lazy) {
        const { code, map } = joined(bundle, [pieceOf(chunk)], chunk.fileName);
        const comment = SOURCE_MAP_COMMENT.exec(chunk.code)?.[0].trim();
        chunk.code = `${code}${comment ? `${comment}\n` : ''}`;
        const mapFile = bundle[`${chunk.fileName}.map`];
        if (mapFile?.type === 'asset') mapFile.source = map;
      }
      const startChunks = chunks.filter((chunk) => start.has(chunk.fileName));
      const pieces: Piece[] = [
        { text: loader(lazy.map((chunk) => chunk.fileName)) },
        ...startChunks.map(pieceOf),
        pieceOf(entry),
        { text: `load(${JSON.stringify(entry.fileName)})})();\n` },
      ];
      const { code, map } = joined(bundle, pieces, entry.fileName);
      const comment = SOURCE_MAP_COMMENT.exec(entry.code)?.[0].trim();
      entry.code = `${code}${comment ? `${comment}\n` : ''}`;
      const entryMap = bundle[`${entry.fileName}.map`];
      if (entryMap?.type === 'asset') entryMap.source = map;
      for (const chunk of startChunks) {
        delete bundle[chunk.fileName];
        delete bundle[`${chunk.fileName}.map`];
      }
    },
  };
}
