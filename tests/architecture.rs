//! The layers (docs/ARCHITECTURE.md), checked on the sources. Between crates: each crate's manifest
//! names only the crates below it (the engine; the binding on it; the CLI on it; the lab on
//! the CLI), so the compiler refuses an
//! upward import. Inside each crate: the graph of which file imports which has no cycle, neither
//! has the graph of the top-level modules (`rules`, `game`, `book`, …), and the engine's
//! `rules/` imports nothing above it.
//!
//! The graph is read from the text: every `crate::…`, `super::…` and `self::…` path outside
//! comments and test modules (in `use` declarations and in expressions), and every `use` of a
//! child module, resolved to the file that defines the item, through the `use` re-exports of
//! each `mod.rs` and of `lib.rs`. A module's own `mod.rs` and its children refer to each other
//! by design (the children use the parent's types, the parent re-exports the children's), so an
//! edge between a directory's `mod.rs` and a file inside that directory is not counted.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Edges between top-level modules that are known to close a cycle, left out of the module graph
/// (each with the issue that removes it). Empty: a new cycle fails the test.
const KNOWN_MODULE_EDGES: &[(&str, &str)] = &[];

/// A module of a crate: its path from the crate root (`["book", "tsv"]`) and its file.
struct Module {
    path: Vec<String>,
    file: PathBuf,
}

/// Every file module under a crate's source folder (main.rs, a binary of its own, excluded).
fn modules(src: &Path) -> Vec<Module> {
    let mut out = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("src/ is readable") {
            let file = entry.expect("src/ is readable").path();
            if file.is_dir() {
                stack.push(file);
                continue;
            }
            if file.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = file.strip_prefix(src).expect("under src/");
            let mut path: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
            let last = path.pop().expect("a file name");
            match last.as_str() {
                "main.rs" if path.is_empty() => continue,
                "lib.rs" if path.is_empty() => {}
                "mod.rs" => {}
                name => path.push(name.trim_end_matches(".rs").to_owned()),
            }
            out.push(Module { path, file });
        }
    }
    out
}

/// `text` without comments, string and character literals, and `#[cfg(test)]` modules, with
/// each inline `mod NAME {` block's lines tagged by the module path inside the file.
fn code_lines(text: &str) -> Vec<(Vec<String>, String)> {
    let mut out = Vec::new();
    let mut inline: Vec<(String, i64)> = Vec::new();
    let mut depth: i64 = 0;
    let mut skip_below: Option<i64> = None;
    let mut test_attr = false;
    for raw in text.lines() {
        let line = strip_literals(raw);
        let trimmed = line.trim();
        if skip_below.is_none() {
            if trimmed == "#[cfg(test)]" {
                test_attr = true;
            } else if let Some(name) = inline_mod(trimmed) {
                if test_attr {
                    skip_below = Some(depth);
                } else {
                    inline.push((name, depth));
                }
                test_attr = false;
            } else if !trimmed.is_empty() && !trimmed.starts_with("#[") {
                test_attr = false;
            }
        }
        if skip_below.is_none() {
            out.push((inline.iter().map(|(n, _)| n.clone()).collect(), line.clone()));
        }
        depth += line.matches('{').count() as i64 - line.matches('}').count() as i64;
        if skip_below.is_some_and(|d| depth <= d) && line.contains('}') {
            skip_below = None;
        }
        while inline.last().is_some_and(|&(_, d)| depth <= d) && line.contains('}') {
            inline.pop();
        }
    }
    out
}

/// The name of an inline module opened on this line (`mod weights {`).
fn inline_mod(line: &str) -> Option<String> {
    let rest = line.strip_prefix("pub(crate) ").or_else(|| line.strip_prefix("pub ")).unwrap_or(line);
    let rest = rest.strip_prefix("mod ")?;
    let (name, tail) = rest.split_once(' ')?;
    tail.starts_with('{').then(|| name.to_owned())
}

/// One line without its `//` comment and with its string and character literals emptied.
fn strip_literals(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => break,
            '"' => {
                while let Some(d) = chars.next() {
                    match d {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
                out.push_str("\"\"");
            }
            '\'' => {
                // A character literal ('{', '\n') or a lifetime ('a).
                let ahead: String = chars.clone().take(3).collect();
                let mut a = ahead.chars();
                match (a.next(), a.next(), a.next()) {
                    (Some('\\'), _, _) => {
                        for d in chars.by_ref() {
                            if d == '\'' {
                                break;
                            }
                        }
                        out.push_str("' '");
                    }
                    (Some(_), Some('\''), _) => {
                        chars.next();
                        chars.next();
                        out.push_str("' '");
                    }
                    _ => out.push('\''),
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// The `use` declarations of `lines`, each flattened: (the module path it sits in inside the
/// file, the imported path's segments, the name it binds). A glob binds `*`.
fn use_trees(lines: &[(Vec<String>, String)]) -> Vec<(Vec<String>, Vec<String>, String)> {
    let mut out = Vec::new();
    let mut pending: Option<(Vec<String>, String)> = None;
    for (inline, line) in lines {
        let t = line.trim();
        let start = ["use ", "pub use ", "pub(crate) use ", "pub(super) use ", "pub(in crate::cli) use "]
            .iter()
            .find_map(|p| t.strip_prefix(p));
        let text = match (&mut pending, start) {
            (Some((_, acc)), _) => {
                acc.push(' ');
                acc.push_str(t);
                acc.clone()
            }
            (None, Some(rest)) => {
                pending = Some((inline.clone(), rest.to_owned()));
                rest.to_owned()
            }
            (None, None) => continue,
        };
        if let Some(body) = text.split_once(';').map(|(b, _)| b.to_owned()) {
            let (inline, _) = pending.take().expect("a pending use");
            let body = tidy(&body);
            for (path, name) in expand(&body) {
                out.push((inline.clone(), path, name));
            }
        }
    }
    out
}

/// A use tree (`a::{b, c::{d as e, self}}`, spaces only around `as`) as (path, bound name) pairs.
fn expand(tree: &str) -> Vec<(Vec<String>, String)> {
    let Some(open) = tree.find('{') else {
        let (path, alias) = tree.split_once(" as ").map_or((tree, None), |(p, a)| (p, Some(a)));
        let segs: Vec<String> = path.split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect();
        let name = alias.map(str::to_owned).or_else(|| segs.last().cloned()).unwrap_or_default();
        return vec![(segs, name)];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut level, mut from) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => level += 1,
            '}' => level -= 1,
            ',' if level == 0 => {
                parts.push(&inner[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[from..]);
    let base: Vec<String> = prefix.split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect();
    let mut out = Vec::new();
    for part in parts.into_iter().filter(|p| !p.is_empty()) {
        if part == "self" {
            out.push((base.clone(), base.last().cloned().unwrap_or_default()));
            continue;
        }
        for (mut path, name) in expand(part) {
            let mut full = base.clone();
            full.append(&mut path);
            out.push((full, name));
        }
    }
    out
}

/// `text` with its whitespace runs made one space, and none next to `:`, `{`, `}` or `,`.
fn tidy(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = String::new();
    for w in words {
        let glue = out.ends_with([':', '{', '}', ',']) || w.starts_with([':', '{', '}', ',']);
        if !out.is_empty() && !glue {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

/// The source files' import graph.
struct Graph {
    modules: Vec<Module>,
    /// Each file's `use` bindings: name -> absolute module path of what it names.
    bindings: Vec<BTreeMap<String, Vec<String>>>,
    lines: Vec<Vec<(Vec<String>, String)>>,
}

impl Graph {
    fn read(src: &Path) -> Graph {
        let modules = modules(src);
        let lines: Vec<_> =
            modules.iter().map(|m| code_lines(&fs::read_to_string(&m.file).expect("a source file"))).collect();
        let mut graph = Graph { modules, bindings: Vec::new(), lines };
        graph.bindings = (0..graph.modules.len())
            .map(|i| {
                let mut map = BTreeMap::new();
                for (inline, path, name) in use_trees(&graph.lines[i]) {
                    if let Some(abs) = graph.absolute(i, &inline, &path) {
                        map.insert(name, abs);
                    }
                }
                map
            })
            .collect();
        graph
    }

    fn index_of(&self, path: &[String]) -> Option<usize> {
        self.modules.iter().position(|m| m.path == path)
    }

    /// The absolute path of `path` written in file `i` (inside its inline modules `inline`):
    /// `None` for a path outside the crate (std, dependencies).
    fn absolute(&self, i: usize, inline: &[String], path: &[String]) -> Option<Vec<String>> {
        let mut here: Vec<String> = self.modules[i].path.clone();
        here.extend(inline.iter().cloned());
        let mut segs = path.iter().peekable();
        let mut abs = match segs.peek()?.as_str() {
            "crate" => {
                segs.next();
                Vec::new()
            }
            "self" => {
                segs.next();
                here
            }
            "super" => {
                while segs.peek().is_some_and(|s| *s == "super") {
                    segs.next();
                    here.pop()?;
                }
                here
            }
            first => {
                // A child module of this one, or an item (a re-exported name used bare is
                // resolved by the caller through `bindings`).
                let mut child = self.modules[i].path.clone();
                child.push(first.to_owned());
                if inline.is_empty() && self.index_of(&child).is_some() {
                    segs.next();
                    child
                } else {
                    return None;
                }
            }
        };
        abs.extend(segs.cloned());
        Some(abs)
    }

    /// The file that defines what the absolute path `path` names, through re-exports.
    fn resolve(&self, path: &[String], hops: usize) -> Option<usize> {
        let mut at = self.index_of(&[])?;
        let mut k = 0;
        while k < path.len() {
            let mut deeper = self.modules[at].path.clone();
            deeper.push(path[k].clone());
            if let Some(j) = self.index_of(&deeper) {
                at = j;
                k += 1;
                continue;
            }
            if hops < 8 {
                if let Some(target) = self.bindings[at].get(&path[k]) {
                    let mut next = target.clone();
                    next.extend(path[k + 1..].iter().cloned());
                    if next != path {
                        return self.resolve(&next, hops + 1).or(Some(at));
                    }
                }
            }
            break;
        }
        Some(at)
    }

    /// The files each file imports.
    fn edges(&self) -> BTreeSet<(usize, usize)> {
        let mut out = BTreeSet::new();
        for i in 0..self.modules.len() {
            let mut paths: Vec<Vec<String>> = Vec::new();
            for (inline, path, _) in use_trees(&self.lines[i]) {
                paths.extend(self.absolute(i, &inline, &path));
            }
            for (inline, line) in &self.lines[i] {
                for found in inline_paths(line) {
                    paths.extend(self.absolute(i, inline, &found));
                }
            }
            for path in paths {
                if let Some(j) = self.resolve(&path, 0) {
                    if j != i && !self.parent_and_child(i, j) {
                        out.insert((i, j));
                    }
                }
            }
        }
        out
    }

    /// Whether one of `a`, `b` is a `mod.rs` (or lib.rs) and the other is inside its directory.
    fn parent_and_child(&self, a: usize, b: usize) -> bool {
        let is_dir = |m: &Module| m.file.file_name().is_some_and(|n| n == "mod.rs" || n == "lib.rs");
        let (ma, mb) = (&self.modules[a], &self.modules[b]);
        (is_dir(ma) && mb.path.starts_with(&ma.path)) || (is_dir(mb) && ma.path.starts_with(&mb.path))
    }

    fn name(&self, i: usize, src: &Path) -> String {
        self.modules[i].file.strip_prefix(src).expect("under src/").to_string_lossy().replace('\\', "/")
    }
}

/// The `crate::a::b`, `super::a` and `self::a` paths of a line of code.
fn inline_paths(line: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = line.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(off) = line[from..].find(start) {
            let at = from + off;
            from = at + start.len();
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_' || bytes[at - 1] == b':') {
                continue;
            }
            let end = line[at..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .map_or(line.len(), |e| at + e);
            let segs: Vec<String> = line[at..end].split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect();
            out.push(segs);
        }
    }
    out
}

/// The strongly connected components of more than one file (Tarjan's algorithm).
fn cycles(n: usize, edges: &BTreeSet<(usize, usize)>) -> Vec<Vec<usize>> {
    struct State<'a> {
        next: Vec<Vec<usize>>,
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        out: &'a mut Vec<Vec<usize>>,
    }
    fn visit(s: &mut State<'_>, v: usize) {
        s.index[v] = Some(s.counter);
        s.low[v] = s.counter;
        s.counter += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for w in s.next[v].clone() {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort_unstable();
                s.out.push(component);
            }
        }
    }
    let mut next = vec![Vec::new(); n];
    for &(a, b) in edges {
        next[a].push(b);
    }
    let mut out = Vec::new();
    let mut s = State {
        next,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        counter: 0,
        out: &mut out,
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    out
}

/// The source folders of the workspace's crates, each with its own import graph: the engine, the
/// WebAssembly binding (the root package), the player CLI and the lab.
const CRATES: [&str; 4] = ["crates/engine/src", "src", "crates/cli/src", "crates/lab/src"];

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Each crate's source folder and its import graph.
fn graphs() -> Vec<(PathBuf, Graph)> {
    CRATES
        .iter()
        .map(|dir| {
            let src = repository().join(dir);
            let graph = Graph::read(&src);
            (src, graph)
        })
        .collect()
}

/// The graph's edges as file names (relative to the crate's source folder).
fn named_edges(graph: &Graph, src: &Path) -> Vec<(String, String)> {
    graph.edges().into_iter().map(|(a, b)| (graph.name(a, src), graph.name(b, src))).collect()
}

/// The top-level module of a file (`book/build.rs` is in `book`, `sort.rs` is `sort`); `None` for
/// the crate root, which names every module by design.
fn top_module(file: &str) -> Option<&str> {
    let top = file.split('/').next()?.trim_end_matches(".rs");
    (top != "lib").then_some(top)
}

/// The edges between top-level modules.
fn module_edges(named: &[(String, String)]) -> BTreeSet<(String, String)> {
    named
        .iter()
        .filter_map(|(a, b)| Some((top_module(a)?.to_owned(), top_module(b)?.to_owned())))
        .filter(|(a, b)| a != b)
        .collect()
}

#[test]
fn no_file_imports_a_file_that_imports_it() {
    for (src, graph) in graphs() {
        let found: Vec<Vec<String>> = cycles(graph.modules.len(), &graph.edges())
            .into_iter()
            .map(|c| c.into_iter().map(|i| graph.name(i, &src)).collect())
            .collect();
        assert!(found.is_empty(), "import cycles among the files of {}: {found:#?}", src.display());
    }
}

#[test]
fn no_top_level_module_imports_one_that_imports_it() {
    for (src, graph) in graphs() {
        let edges = module_edges(&named_edges(&graph, &src));
        let names: Vec<&String> = edges.iter().flat_map(|(a, b)| [a, b]).collect::<BTreeSet<_>>().into_iter().collect();
        let index = |n: &str| names.iter().position(|m| *m == n).expect("a module of the edges");
        let kept: BTreeSet<(usize, usize)> = edges
            .iter()
            .filter(|(a, b)| !KNOWN_MODULE_EDGES.contains(&(a.as_str(), b.as_str())))
            .map(|(a, b)| (index(a), index(b)))
            .collect();
        let found: Vec<Vec<&String>> =
            cycles(names.len(), &kept).into_iter().map(|c| c.into_iter().map(|i| names[i]).collect()).collect();
        assert!(found.is_empty(), "import cycles among the modules of {}: {found:?}", src.display());
    }
}

#[test]
fn rules_import_nothing_above_them() {
    let src = repository().join(CRATES[0]);
    let graph = Graph::read(&src);
    let upward: Vec<(String, String)> = named_edges(&graph, &src)
        .into_iter()
        .filter(|(a, b)| a.starts_with("rules/") && !b.starts_with("rules/") && b != "sort.rs")
        .collect();
    assert!(upward.is_empty(), "crates/engine/src/rules/ imports files above it: {upward:?}");
}

/// The workspace crates a crate's manifest depends on (dev-dependencies aside).
fn workspace_dependencies(manifest: &str) -> BTreeSet<String> {
    let text = fs::read_to_string(repository().join(manifest)).expect("the manifest is readable");
    let mut section = String::new();
    let mut out = BTreeSet::new();
    for line in text.lines().map(str::trim) {
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.to_owned();
        } else if section.ends_with("dependencies")
            && !section.contains("dev-dependencies")
            && !section.starts_with("workspace")
        {
            let name = line.split(['=', '.', ' ']).next().unwrap_or("");
            if name.starts_with("dicechess") {
                out.insert(name.to_owned());
            }
        }
    }
    out
}

#[test]
fn crates_depend_only_on_the_layers_below() {
    // The engine at the bottom; the binding on it; the CLI on it; the lab on the engine and the
    // CLI: a crate names only crates below it, so that an upward import does not compile.
    let layers = [
        ("crates/engine/Cargo.toml", vec![]),
        ("Cargo.toml", vec!["dicechess"]),
        ("crates/cli/Cargo.toml", vec!["dicechess"]),
        ("crates/lab/Cargo.toml", vec!["dicechess", "dicechess-cli"]),
    ];
    for (manifest, allowed) in layers {
        let found = workspace_dependencies(manifest);
        let allowed: BTreeSet<String> = allowed.into_iter().map(str::to_owned).collect();
        assert!(found.is_subset(&allowed), "{manifest} depends on {found:?}; its layer allows {allowed:?}");
    }
    assert!(workspace_dependencies("crates/lab/Cargo.toml").contains("dicechess-cli"), "the reader sees dependencies");
}

#[test]
fn the_graph_sees_the_imports_it_checks() {
    // The reader itself: a known import of each kind is found, so that an empty graph cannot pass.
    let graphs = graphs();
    let named: Vec<Vec<(String, String)>> = graphs.iter().map(|(src, graph)| named_edges(graph, src)).collect();
    let has = |c: usize, a: &str, b: &str| named[c].iter().any(|(x, y)| x == a && y == b);
    assert!(has(0, "book/tsv.rs", "sort.rs"), "a `crate::…` path in an expression");
    assert!(has(3, "arena.rs", "arena_json.rs"), "a `use crate::…` of a module");
    assert!(has(2, "book_cmd/validate_cmd.rs", "book_cmd/convert_cmd.rs"), "a `use super::…` between siblings");
    assert!(has(0, "book/lookup.rs", "rules/position.rs"), "a root re-export (`crate::Position`)");
    assert!(named[0].len() > 100, "only {} edges read", named[0].len());
}
