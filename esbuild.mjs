// Builds every bundle of the project. `node esbuild.mjs [--production] [--watch] [--only=a,b] [--dist=dir]`.
// Groups: extension, tsx (lazily loaded parser chunk), emulator, webview, tests. `--dist` puts the
// product bundles elsewhere than `dist/` (the VSIX is staged outside the working tree's build).
// Every build but --watch also writes each group's esbuild metafile to `<dist>/meta-<group>.json`:
// test/unit/bundles.test.ts reads them (no import cycles; what each chunk holds).
import * as esbuild from 'esbuild';
import { readdirSync, existsSync, copyFileSync, mkdirSync, writeFileSync, readFileSync, chmodSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve as resolvePath } from 'node:path';

const args = process.argv.slice(2);
const production = args.includes('--production');
const watch = args.includes('--watch');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const dist = args.find((a) => a.startsWith('--dist='))?.slice('--dist='.length) || 'dist';

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  // An import that resolves to nothing is a bug, not a warning.
  logOverride: { 'import-is-undefined': 'error' },
  legalComments: 'none',
};
// `module` first: jsonc-parser's UMD `main` hides its requires from the bundler; its ESM build does not.
const node = { ...common, platform: 'node', target: 'node20', format: 'cjs', mainFields: ['module', 'main'] };

function testEntries(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

// The webview loads codicons from its own build output: the packaged extension has no node_modules.
const copyCodicons = {
  name: 'copy-codicons',
  setup(build) {
    build.onEnd(() => {
      mkdirSync(join(dist, 'webview'), { recursive: true });
      for (const f of ['codicon.css', 'codicon.ttf']) copyFileSync(join('node_modules/@vscode/codicons/dist', f), join(dist, 'webview', f));
    });
  },
};

// dist/cli.js runs as a command of its own (`./dist/cli.js`, `npm link`): executable, as npm makes a bin.
const executable = {
  name: 'executable',
  setup(build) {
    build.onEnd((result) => {
      if (!result.errors.length)
        for (const name of Object.keys(build.initialOptions.entryPoints)) chmodSync(join(dist, `${name}.js`), 0o755);
    });
  },
};

// undici's connection pool (276 KB with its HTTP parser, more than half the extension bundle) is a
// chunk of its own beside dist/extension.js, which requires it with the first request
// (src/api/transport.ts): activation neither parses nor runs it (test/unit/bundles.test.ts).
const poolChunk = {
  name: 'undici-pool-chunk',
  setup(build) {
    build.onResolve({ filter: /^undici\/lib\/dispatcher\/pool$/ }, () => ({ path: './undici-pool.js', external: true }));
  },
};

// jsonc-parser (src/util/jsonc.ts) is the chunk dist/jsonc-parser.js, required when a JSON document
// is first checked or a problem located: activation neither parses nor runs it (test/unit/bundles.test.ts).
const jsoncChunk = {
  name: 'jsonc-parser-chunk',
  setup(build) {
    build.onResolve({ filter: /^jsonc-parser$/ }, (args) =>
      args.kind === 'require-call' ? { path: './jsonc-parser.js', external: true } : undefined,
    );
  },
};

// The response schemas and zod (src/api/schemaChunk.ts) are the chunk dist/schemas.js, required
// with the first response check (src/api/lazySchemas.ts): activation neither parses nor runs them
// (test/unit/bundles.test.ts).
const schemasChunk = {
  name: 'schemas-chunk',
  setup(build) {
    build.onResolve({ filter: /^\.\/schemaChunk$/ }, (args) =>
      /lazySchemas\.ts$/.test(args.importer) ? { path: './schemas.js', external: true } : undefined,
    );
  },
};

// Compiled to CommonJS, every `import * as vscode from 'vscode'` copies the whole API object (hundreds
// of getters) for its module: about 30 copies at activation, a fifth of loading the bundle in a
// profile. One virtual module re-exports the API once; the modules share its namespace.
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

// The dashboard language service's declarations (src/dashboardLanguage/service/typeFiles.ts): TypeScript's es2022 + dom
// libs with every lib they reference, and the pinned @types/react with csstype, copied beside the
// worker bundle as dist/ts-types (the packaged extension has no node_modules).
// Found as Node finds them, not under the working folder: the mutation run builds in a sandbox
// folder of its own, below the project, with no node_modules of its own.
const requireHere = createRequire(import.meta.url);
const packageDir = (name) => dirname(requireHere.resolve(`${name}/package.json`));
const TS_LIBS = ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'];
const copyTsTypes = {
  name: 'copy-ts-types',
  setup(build) {
    build.onEnd(() => {
      const out = join(dist, 'ts-types');
      mkdirSync(join(out, 'lib'), { recursive: true });
      const pending = [...TS_LIBS];
      const done = new Set();
      while (pending.length) {
        const name = pending.pop();
        if (done.has(name)) continue;
        done.add(name);
        const text = readFileSync(join(packageDir('typescript'), 'lib', name), 'utf8');
        writeFileSync(join(out, 'lib', name), text);
        for (const m of text.matchAll(/<reference lib="([^"]+)"/g)) pending.push(`lib.${m[1].toLowerCase()}.d.ts`);
      }
      for (const [pkg, files] of [
        ['@types/react', ['package.json', 'index.d.ts', 'global.d.ts', 'jsx-runtime.d.ts', 'jsx-dev-runtime.d.ts']],
        ['csstype', ['package.json', 'index.d.ts']],
      ]) {
        mkdirSync(join(out, 'node_modules', pkg), { recursive: true });
        for (const f of files) copyFileSync(join(packageDir(pkg), f), join(out, 'node_modules', pkg, f));
      }
    });
  },
};

// The JSON schemas of the kinds' documents (src/kinds/<kind>/*.schema.json) beside the bundles, in
// dist/json-schemas/, where package.json's jsonValidation names them (npm run kinds writes those
// entries from the registry: src/kinds/registryCopies.ts).
const copyJsonSchemas = {
  name: 'copy-json-schemas',
  setup(build) {
    build.onEnd(() => {
      const out = join(dist, 'json-schemas');
      mkdirSync(out, { recursive: true });
      for (const kind of readdirSync('src/kinds', { withFileTypes: true }).filter((d) => d.isDirectory()))
        for (const f of readdirSync(join('src/kinds', kind.name)).filter((f) => f.endsWith('.schema.json')))
          copyFileSync(join('src/kinds', kind.name, f), join(out, f));
    });
  },
};

// Each feature a window may never use (what a dynamic `import()` names: local folders, the agent
// tools, the comparisons, the history panels...) is a chunk beside dist/extension.js,
// `dist/extension-<name>-<hash>.js`, loaded on first use; what activation runs is one chunk
// (oneActivationChunk below). esbuild splits only ES modules and VS Code requires CommonJS: the split is built
// as ES modules into dist/.esm/, and this step makes each file CommonJS in dist/ (an `import` a
// `require`, an `import()` a `require` in a promise), its source map chained to the sources. The
// extension's entry loads every chunk through the code cache (src/util/codeCache.ts).
const CHUNK_FILE = /^extension-.+-[A-Z0-9]{8}\.js(\.map)?$/;
const commonJsChunks = {
  name: 'commonjs-chunks',
  setup(build) {
    const { outdir: esmDir, sourcemap, minify } = build.initialOptions;
    build.onEnd(async (result) => {
      if (result.errors.length) return;
      for (const f of readdirSync(dist)) if (CHUNK_FILE.test(f)) rmSync(join(dist, f));
      const files = readdirSync(esmDir).filter((f) => f.endsWith('.js'));
      await esbuild.build({
        entryPoints: files.map((f) => join(esmDir, f)),
        outdir: dist,
        outbase: esmDir,
        format: 'cjs',
        platform: 'node',
        target: 'node20',
        supported: { 'dynamic-import': false },
        sourcemap: sourcemap ? 'linked' : false,
        minify,
        legalComments: 'none',
        logLevel: 'warning',
      });
      rmSync(esmDir, { recursive: true, force: true });
      // The metafile names the files where they end up, for test/unit/bundles.test.ts.
      if (result.metafile) {
        const from = `${relative('.', esmDir)}/`;
        const to = `${relative('.', dist)}/`;
        const rename = (path) => (path.startsWith(from) ? to + path.slice(from.length) : path);
        result.metafile.outputs = Object.fromEntries(
          Object.entries(result.metafile.outputs).map(([path, out]) => [
            rename(path),
            { ...out, imports: out.imports.map((i) => ({ ...i, path: rename(i.path) })) },
          ]),
        );
      }
    });
  },
};

// Activation must load few files (each is a read, a hash and a code cache of its own, about half a
// millisecond), but esbuild makes a shared chunk for every set of entries that share code: with a
// chunk per lazy feature, a dozen at activation. So each module a dynamic `import()` names also
// imports the composition root (an import appended, so that its source map lines stay): everything
// activation loads is then shared by every entry, and is one chunk. The root ran before any of them
// loads, so that import runs nothing again.
const oneActivationChunk = (root) => ({
  name: 'one-activation-chunk',
  setup(build) {
    const lazy = new Set();
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData === 'one-activation-chunk') return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'one-activation-chunk',
      });
      if (!resolved.errors.length && resolved.path.endsWith('.ts')) lazy.add(resolved.path);
      return resolved;
    });
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!lazy.has(args.path)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      return { contents: `${source}\nimport ${JSON.stringify(resolvePath(root))};\n`, loader: 'ts' };
    });
  },
});

const groups = {
  extension: [
    // The entry VS Code requires (package.json `main`): it loads dist/extension.js through V8's code cache.
    { ...node, entryPoints: { main: 'src/extensionEntry.ts' }, outdir: dist, plugins: [copyJsonSchemas] },
    {
      ...node,
      format: 'esm',
      splitting: true,
      // Inline in the ES modules, so that the CommonJS step chains its maps to the sources.
      sourcemap: production ? false : 'inline',
      entryPoints: { extension: 'src/extension.ts' },
      chunkNames: 'extension-[name]-[hash]',
      outdir: join(dist, '.esm'),
      external: ['vscode'],
      plugins: [oneActivationChunk('src/extension.ts'), poolChunk, schemasChunk, jsoncChunk, vscodeOnce, commonJsChunks],
    },
    { ...node, entryPoints: { 'undici-pool': 'node_modules/undici/lib/dispatcher/pool.js' }, outdir: dist },
    { ...node, entryPoints: { schemas: 'src/api/schemaChunk.ts' }, outdir: dist },
    { ...node, entryPoints: { 'jsonc-parser': 'node_modules/jsonc-parser/lib/esm/main.js' }, outdir: dist },
  ],
  tsx: [{ ...node, entryPoints: { 'tsx-check': 'src/dashboardLanguage/check/tsxCheck.ts' }, outdir: dist }],
  // The dashboard language service: TypeScript in a worker_threads Worker, started with the first
  // dashboard (src/dashboardLanguage/service/workerClient.ts); activation never loads it.
  tsWorker: [
    { ...node, entryPoints: { 'ts-worker': 'src/dashboardLanguage/service/dashboardWorker.ts' }, outdir: dist, plugins: [copyTsTypes] },
    // The worker's entry in the extension: it loads dist/ts-worker.js through V8's code cache.
    { ...node, entryPoints: { 'ts-worker-main': 'src/dashboardLanguage/service/workerEntry.ts' }, outdir: dist },
  ],
  emulator: [{ ...node, entryPoints: { emulator: 'src/emulator/main.ts' }, outdir: dist }],
  // The local-folders command line `wsa` (src/cli/wsa.ts; package.json's `bin`): the folders engine
  // without VS Code. It loads the extension group's chunks (undici pool, schemas, jsonc-parser) and
  // dist/tsx-check.js beside it. The shebang lets `npm link` and `npm install -g` run it as a command.
  cli: [
    {
      ...node,
      entryPoints: { cli: 'src/cli/wsa.ts' },
      outdir: dist,
      banner: { js: '#!/usr/bin/env node' },
      define: { WSA_VERSION: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
      plugins: [poolChunk, schemasChunk, jsoncChunk, executable],
    },
  ],
  webview: [
    {
      ...common,
      platform: 'browser',
      target: 'es2022',
      format: 'iife',
      entryPoints: { history: 'src/history/page/historyPage.ts' },
      outdir: join(dist, 'webview'),
      plugins: [copyCodicons],
    },
  ],
  tests: [
    // Unit tests and the harness run in plain Node; packages stay external.
    {
      ...node,
      sourcemap: 'inline',
      minify: false,
      packages: 'external',
      entryPoints: [...testEntries('test/unit'), ...testEntries('test/harness'), ...testEntries('test/ui'), ...testEntries('test/bench')],
      outdir: 'out/test',
      outbase: 'test',
    },
    // Integration tests run inside the extension host, beside the extension.
    {
      ...node,
      sourcemap: 'inline',
      minify: false,
      external: ['vscode', 'mocha'],
      entryPoints: testEntries('test/integration'),
      outdir: 'out/test/integration',
      outbase: 'test/integration',
    },
  ],
};

const hasEntries = (o) => (Array.isArray(o.entryPoints) ? o.entryPoints.length : Object.values(o.entryPoints).every(existsSync));
const selected = Object.entries(groups)
  .filter(([name]) => !only || only.includes(name))
  .map(([name, list]) => [name, list.filter(hasEntries).map((o) => ({ ...o, metafile: !watch }))]);

if (watch) {
  for (const [, list] of selected) for (const o of list) await (await esbuild.context(o)).watch();
  console.log(`[esbuild] watching ${selected.map(([n]) => n).join(', ')}`);
} else {
  await Promise.all(
    selected.map(async ([name, list]) => {
      const results = await Promise.all(list.map((o) => esbuild.build(o)));
      for (const r of results) if (r.errors.length) process.exitCode = 1;
      const metas = results.map((r) => r.metafile).filter(Boolean);
      if (!metas.length) return;
      const merged = {
        inputs: Object.assign({}, ...metas.map((m) => m.inputs)),
        outputs: Object.assign({}, ...metas.map((m) => m.outputs)),
      };
      mkdirSync(dist, { recursive: true });
      writeFileSync(join(dist, `meta-${name}.json`), JSON.stringify(merged));
    }),
  );
}
