#!/usr/bin/env node
// The `wsa` command line as an npm package of its own: `npm install -g <tarball>` gives `wsa`.
// `node scripts/package-cli.mjs [--out-dir <dir>] [--quiet]` (also run by `npm run package`) writes
// workspace-automation-cli-<version>.tgz there (default: the repository's root).
//
// A production build is staged in a temporary folder (the working tree's dist/ is never
// replaced), and a generated package gets what the command line loads and nothing else:
// dist/cli.js, the chunks it requires beside it (undici's pool, the schemas, jsonc-parser), the
// TSX parser bundle a push's local checks load (dist/tsx-check.js), a README made from `wsa --help`,
// and the LICENSE. The bundles are self-contained, so the package has no dependencies: it installs
// offline (test/unit/localFolders/cliPackage.test.ts installs it into a temporary prefix and runs it).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The bundle `src/cli/wsa.ts` loads by path rather than by `require` (the TSX parser). */
const LOADED_BY_PATH = ['tsx-check.js'];

/** Builds and packs the CLI; returns the tarball's path. */
export function packCli({ outDir = root, quiet = false } = {}) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const stage = mkdtempSync(join(tmpdir(), 'wsa-package-cli-'));
  try {
    const build = join(stage, 'build');
    run(
      'production build of the CLI',
      process.execPath,
      ['esbuild.mjs', '--production', '--only=extension,tsx,cli', `--dist=${build}`],
      root,
      quiet,
    );
    const cli = readFileSync(join(build, 'cli.js'), 'utf8');
    // The chunks dist/cli.js requires beside itself, as esbuild wrote them.
    const chunks = [...new Set([...cli.matchAll(/require\("\.\/([\w.-]+\.js)"\)/g)].map((m) => m[1]))];
    const files = ['cli.js', ...chunks, ...LOADED_BY_PATH];
    const pkg = join(stage, 'package');
    mkdirSync(join(pkg, 'dist'), { recursive: true });
    for (const file of files) {
      if (!existsSync(join(build, file))) throw new Error(`dist/cli.js needs ${file}, which the build did not write`);
      copyFileSync(join(build, file), join(pkg, 'dist', file));
    }
    copyFileSync(join(root, 'LICENSE'), join(pkg, 'LICENSE'));
    const help = spawnSync(process.execPath, [join(pkg, 'dist', 'cli.js'), '--help'], { encoding: 'utf8' });
    if (help.status !== 0) throw new Error(`the packed CLI does not run: ${help.stderr}`);
    writeFileSync(join(pkg, 'README.md'), readme(`${manifest.name}-cli`, manifest.version, help.stdout));
    const cliManifest = {
      name: `${manifest.name}-cli`,
      version: manifest.version,
      description: 'wsa: pull a Workspace Automation Service workspace into ordinary files, see what changed, push back safely.',
      license: manifest.license,
      bin: { wsa: 'dist/cli.js' },
      files: ['dist', 'README.md', 'LICENSE'],
      engines: { node: manifest.engines.node },
    };
    writeFileSync(join(pkg, 'package.json'), `${JSON.stringify(cliManifest, null, 2)}\n`);
    mkdirSync(outDir, { recursive: true });
    const packed = run('npm pack', 'npm', ['pack', '--json', '--pack-destination', resolve(outDir)], pkg, true);
    const tarball = join(resolve(outDir), JSON.parse(packed)[0].filename);
    if (!quiet) console.log(`${basename(tarball)}: the wsa command line (${files.map((f) => `dist/${f}`).join(', ')})`);
    return tarball;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

function readme(name, version, help) {
  return `# wsa ${version}

The command line of Workspace Automation for VS Code: pull a workspace of a Workspace Automation
Service into ordinary files, see what changed on either side, and push back with the service's
concurrency tokens, never losing an edit. It needs Node 20.18 or newer and nothing else.

\`\`\`bash
npm install -g ${name}-${version}.tgz
export WORKSPACE_AUTOMATION_API_KEY=apik_…
export WORKSPACE_AUTOMATION_BASE_URL=https://automation.example.com
wsa pull my-workspace --workspace wksp_…
\`\`\`

\`wsa --help\`:

\`\`\`text
${help.trimEnd()}
\`\`\`
`;
}

function run(what, command, argv, cwd, quiet) {
  const r = spawnSync(command, argv, {
    cwd,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    if (quiet) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    throw new Error(`${what} failed (${r.signal ?? `exit code ${r.status}`})`);
  }
  return r.stdout ?? '';
}

if (process.argv[1] && basename(process.argv[1]) === 'package-cli.mjs') {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out-dir');
  try {
    const tarball = packCli({ outDir: outIndex >= 0 ? args[outIndex + 1] : root, quiet: args.includes('--quiet') });
    if (args.includes('--quiet')) console.log(tarball);
  } catch (e) {
    console.error(`package-cli: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
