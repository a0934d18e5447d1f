/**
 * The service worker's lazy parts: what only some people use (the connection doctor, skills)
 * leaves the script every cold start parses, and loads the first time it is needed.
 *
 * An MV3 service worker cannot `import()`, and a classic one may `importScripts()` only while
 * it runs for the first time, or later a script it imported while being installed (checked in
 * Chromium 156: any other URL throws "importScripts() of new scripts after service worker
 * installation is not allowed"). So the worker is built as CommonJS chunks (the bundler turns
 * each `import()` into `require` of a chunk) and this plugin wraps every chunk in a call that
 * only records it, and gives `background.js` a small loader:
 *
 * - `background.js` records its own chunk and runs it, as the IIFE did before;
 * - its `install` listener imports every lazy chunk once, which records them and runs none of
 *   their code, so Chrome keeps them with the worker's registration;
 * - `require` of a chunk not recorded yet imports it then (from the registration, no network),
 *   and runs it once.
 *
 * No code is compiled at run time (no eval, no Function): the chunks are the extension's own
 * files, which the extension pages' `script-src 'self'` already allows.
 */
import type { Plugin } from 'vite';

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
  // Modules the entry and a lazy chunk share stay in the entry (no third, always-loaded chunk).
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

/**
 * The loader around the entry chunk: `lazy` lists the chunks the install keeps. It records the
 * entry as any chunk, then runs it.
 */
function entryWrapper(entry: string, lazy: string[]): { head: string; tail: string } {
  const head = `(()=>{const defined={},loaded={};
const resolve=(from,path)=>{const parts=from.split("/").slice(0,-1);for(const part of path.split("/")){if(part==="..")parts.pop();else if(part!==".")parts.push(part)}return parts.join("/")};
const load=(id)=>{if(!loaded[id]){if(!defined[id])importScripts("/"+id);const module={exports:{}};loaded[id]=module;defined[id]((path)=>load(resolve(id,path)),module.exports,module)}return loaded[id].exports};
self.${RECORD}=(id,chunk)=>{defined[id]=chunk};
addEventListener("install",()=>importScripts(...${JSON.stringify(lazy.map((id) => `/${id}`))}));
${chunkWrapper(entry).head}`;
  return { head, tail: `${chunkWrapper(entry).tail}load(${JSON.stringify(entry)})})();` };
}

/** A lazy chunk: recorded when imported, run when first required. */
function chunkWrapper(id: string): { head: string; tail: string } {
  return {
    head: `self.${RECORD}(${JSON.stringify(id)},function(require,exports,module){`,
    tail: '\n});',
  };
}

const SOURCE_MAP_COMMENT = /\n?\/\/# sourceMappingURL=[^\n]*\n?$/;

function workerChunkLoader(): Plugin {
  return {
    name: 'patchbay:worker-chunks',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const lazy = chunks.filter((chunk) => chunk !== entry).map((chunk) => chunk.fileName);
      for (const chunk of chunks) {
        const comment = SOURCE_MAP_COMMENT.exec(chunk.code)?.[0].trim();
        const code = chunk.code.replace(SOURCE_MAP_COMMENT, '');
        const { head, tail } =
          chunk === entry ? entryWrapper(entry.fileName, lazy) : chunkWrapper(chunk.fileName);
        chunk.code = `${head}\n${code}${tail}${comment ? `\n${comment}` : ''}`;
        // The head is whole lines of its own: the chunk's code moved down by as many lines,
        // and so do its source map's (PATCHBAY_SOURCEMAP=1 builds, docs/performance.md).
        const map = bundle[`${chunk.fileName}.map`];
        if (map?.type === 'asset') {
          const json = JSON.parse(String(map.source)) as { mappings: string };
          json.mappings = ';'.repeat(head.split('\n').length) + json.mappings;
          map.source = JSON.stringify(json);
        }
      }
    },
  };
}
