import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: every repo path that a comment or a document names exists, and
 * no comment or document sends the reader outside the repository (a specification folder beside
 * the clone, a design note, a tracker's issue numbers). The behaviour reference is docs/reference/,
 * the reasons are docs/decisions/.
 *
 * Read: every tracked (or new, not ignored) *.ts, *.tsx, *.mjs, *.js, *.md, *.sh and *.json file,
 * except lock files and the content data under content/. In code only the comments are read; a
 * Markdown or JSON file is read whole.
 */

const ROOT = path.resolve(__dirname, '..');
const TOP_FOLDERS = [
  'app',
  'server',
  'services',
  'common',
  'test',
  'scripts',
  'e2e',
  'docs',
  'tenants',
  'content',
  'public',
];
const ALIASES: Record<string, string> = { '~/': 'app/', '@common/': 'common/', '@test/': 'test/' };
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '.json', '.md'];
const INDEXES = ['/index.ts', '/index.tsx', '/index.js', '/index.mjs', '/README.md'];
const CODE = /\.(ts|tsx|mjs|js)$/;
const READ = /\.(ts|tsx|mjs|js|md|sh|json)$/;

function gitFiles(...args: string[]): string[] {
  return execFileSync('git', ['ls-files', '-z', ...args], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
}

/** What the repository holds: tracked files and new files not ignored (removed ones left out). */
const deleted = new Set(gitFiles('--deleted'));
const files = [...gitFiles(), ...gitFiles('--others', '--exclude-standard')].filter(
  (f) => !deleted.has(f),
);
const fileSet = new Set(files);
const folderSet = new Set<string>();
for (const f of files) {
  for (let i = f.indexOf('/'); i !== -1; i = f.indexOf('/', i + 1)) folderSet.add(f.slice(0, i));
}
const scanned = files.filter(
  (f) => READ.test(f) && !f.startsWith('content/') && !/(^|\/)package-lock\.json$/.test(f),
);

/** A stretch of text to read, with the line of the file it starts on. */
type Passage = { text: string; line: number };

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The comments of a script, found by TypeScript's own scanner so strings and regexes are skipped. */
function codeComments(file: string, text: string): Passage[] {
  const kind = file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : /\.(js|mjs)$/.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map<number, Passage>();
  const take = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (!seen.has(r.pos)) seen.set(r.pos, { text: text.slice(r.pos, r.end), line: r.pos });
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    // JSX text is not trivia: a `{/* … */}` sits inside a JsxExpression, reached as its token.
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  const passages = [...seen.values()].sort((a, b) => a.line - b.line);
  // Offsets to line numbers in one pass.
  let line = 1;
  let at = 0;
  for (const p of passages) {
    for (; at < p.line; at++) if (text.charCodeAt(at) === 10) line++;
    p.line = line;
  }
  return passages;
}

function shellComments(text: string): Passage[] {
  return text.split('\n').flatMap((row, i) => {
    const hash = row.search(/(^|\s)#(?!!)/);
    return hash === -1 ? [] : [{ text: row.slice(hash), line: i + 1 }];
  });
}

/** What of a file is comment or documentation. */
function passagesOf(file: string): Passage[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  if (CODE.test(file)) return codeComments(file, text);
  if (file.endsWith('.sh')) return shellComments(text);
  return [{ text, line: 1 }];
}

const passages = new Map(scanned.map((f) => [f, passagesOf(f)] as const));

/** Each hit of `pattern` in a file's passages, as `file:line: token`. */
function findAll(file: string, pattern: RegExp, keep: (m: RegExpExecArray) => string | null) {
  const found: string[] = [];
  for (const p of passages.get(file) ?? []) {
    for (const m of p.text.matchAll(pattern)) {
      const token = keep(m);
      if (token !== null) found.push(`${file}:${p.line + lineAt(p.text, m.index) - 1}: ${token}`);
    }
  }
  return found;
}

function inRepo(p: string): boolean {
  return (
    EXTENSIONS.some((ext) => fileSet.has(p + ext)) ||
    folderSet.has(p) ||
    INDEXES.some((index) => fileSet.has(p + index))
  );
}

/** Whether git ignores a path: a generated one (public/build, .data), named on purpose. */
function ignored(p: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', p], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
}

function exists(repoPath: string): boolean {
  const p = repoPath.replace(/\/+$/, '');
  return inRepo(p) || ignored(p);
}

// A path starts at a word's start (not inside a URL or another path) with a top folder or alias.
const PATH = new RegExp(
  String.raw`(?<![\w./@~$#-])(?:~\/|@common\/|@test\/|(?:${TOP_FOLDERS.join('|')})\/)[\w./$@~+<>*{}\[\]-]*`,
  'g',
);

/** The path a token names: trailing punctuation off, an alias resolved; null for a pattern. */
function repoPathOf(token: string): string | null {
  if (/[<>*{}]/.test(token)) return null;
  let p = token.replace(/[.\]]+$/, '');
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (p.startsWith(alias)) p = folder + p.slice(alias.length);
  }
  return p;
}

// A relative Markdown link: [text](target#anchor), target not a URL.
const MD_LINK = /\]\(([^)\s#]*)(?:#([^)\s]*))?(?:\s+"[^"]*")?\)/g;

/** The anchors of a Markdown file's headings, as GitHub makes them. */
function anchorsOf(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

describe('comment and document paths', () => {
  it('reads the files it should', () => {
    expect(scanned).toContain('README.md');
    expect(scanned).toContain('app/root.tsx');
    expect(scanned.some((f) => f.startsWith('content/'))).toBe(false);
    expect(scanned).not.toContain('package-lock.json');
    // The scanner reads comments and not strings.
    const sample = codeComments(
      'x.tsx',
      "const a = '// app/nowhere.ts';\n// app/root.tsx\nconst b = <div>{/* app/x */}</div>;\n",
    );
    expect(sample.map((p) => [p.line, p.text])).toEqual([
      [2, '// app/root.tsx'],
      [3, '/* app/x */'],
    ]);
  });

  it('names only repo paths that exist', () => {
    const missing = scanned.flatMap((file) =>
      findAll(file, PATH, (m) => {
        const p = repoPathOf(m[0]);
        return p === null || exists(p) ? null : m[0];
      }),
    );
    expect(missing, `paths that do not exist:\n${missing.join('\n')}`).toEqual([]);
  });

  it('links Markdown documents only to files of the repository', () => {
    const broken = scanned
      .filter((f) => f.endsWith('.md'))
      .flatMap((file) =>
        findAll(file, MD_LINK, (m) => {
          const [, target, anchor] = m;
          if (/^[a-z][a-z+.-]*:/i.test(target)) return null;
          const resolved = target
            ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target))
            : file;
          if (resolved.startsWith('../')) return `${target} (outside the repository)`;
          if (!exists(resolved)) return target;
          if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) {
            return `${target}#${anchor} (no such heading)`;
          }
          return null;
        }),
      );
    expect(broken, `broken links:\n${broken.join('\n')}`).toEqual([]);
  });

  /** Pointers outside the repository: the specification, the design note, a tracker. */
  const OUTSIDE = [
    /\.\.\/shared\b/g,
    /\bshared\/spec\b/g,
    /\bDESIGN\.md\b/g,
    /\b(?:accounts-loyalty|site-shell-coupons-weekly-ad)\.md\b/g,
    /(?<![.\w-])spec(?:ification)?(?:'s)?\b(?![.-])/gi,
    // A section sign, except a standard's (RFC 7636 §4.2, NIST SP 800-63B §5.2.2).
    /(?<!(?:RFC\s*\d+|800-63B?)\s*)§\s*\d/g,
    /\bissues?\s+#?\d+/gi,
    /(?<![\w&#/])#\d{1,5}\b/g,
  ];
  // This file names the patterns it looks for, so it is left out.
  const outside = (file: string) =>
    file === 'test/comment-paths.test.ts'
      ? []
      : OUTSIDE.flatMap((pattern) => findAll(file, pattern, (m) => m[0]));

  it('recognises what it looks for', () => {
    const hits = (text: string) => OUTSIDE.some((p) => new RegExp(p.source, p.flags).test(text));
    for (const text of [
      'see ../shared/spec/x.md',
      'DESIGN.md says',
      'spec §4',
      '(§9)',
      'issue 12',
    ]) {
      expect(hits(text), text).toBe(true);
    }
    for (const text of [
      'RFC 7636 §4.2',
      'NIST SP 800-63B §5.2.2',
      'colour #006993',
      'e2e/x.spec.ts',
    ]) {
      expect(hits(text), text).toBe(false);
    }
    expect(anchorsOf('docs/content.md')).toContain('forms-formsslugjson');
    expect(repoPathOf('app/<area>/x.ts')).toBeNull();
    expect(exists(repoPathOf('~/root')!)).toBe(true);
    expect(exists('public/build')).toBe(true);
  });

  const isDoc = (f: string) => f === 'README.md' || (f.startsWith('docs/') && f.endsWith('.md'));

  it('keeps README.md and docs/ inside the repository', () => {
    const found = scanned.filter(isDoc).flatMap(outside);
    expect(found, `pointers outside the repository:\n${found.join('\n')}`).toEqual([]);
  });

  it('keeps source comments inside the repository', () => {
    const found = scanned.filter((f) => !isDoc(f)).flatMap(outside);
    expect(found, `pointers outside the repository:\n${found.join('\n')}`).toEqual([]);
  });
});
