#!/usr/bin/env node
// Part of `npm run build`: compiles the HTTP entry (server.ts with server/, services/, common/ and
// the app modules it imports) to plain JavaScript in build/server/, so the production process runs
// without a TypeScript loader, which costs resident memory at start-up and for good
// (docs/decisions/0018-compiled-server-entry.md).
//
// Packages stay external (imported from node_modules as usual). Dynamic imports of our own files
// become chunks of their own, so what loads on first use (the SSO provider) still does.
// `import.meta.url` in a source file keeps meaning that file: it is rewritten to the file's URL
// relative to the output folder, so migrations, images and createRequire find what they did.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'build', 'server');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const packages = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });

/** `import.meta.url` of a source file, from the output folder and relocatable with the tree. */
const sourceUrl = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|js|mjs)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = fs.readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        ),
        loader:
          path.extname(args.path).slice(1) === 'mjs' ? 'js' : path.extname(args.path).slice(1),
      };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { index: 'server.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  tsconfig: path.join(root, 'tsconfig.json'),
  external: packages.flatMap((name) => [name, `${name}/*`]),
  plugins: [sourceUrl],
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.mjs'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `server entry: build/server/index.mjs (${Math.round(bytes / 1024)} KB in ${Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.mjs')).length} files, ${Date.now() - started} ms)`,
);
