//! The server's modules import one way: `main → startup → app → api → orders, catalogue, … → store → event,
//! domain`. This test reads every file under `src/`, draws an edge from file A to file B for each path in A that
//! names something defined in B, and fails naming the files of a cycle, in order.
//!
//! The paths it follows start with `crate::`, `super::`, `self::`, a child module's name (`seo::sitemap_xml` in
//! `web/mod.rs`), or a name a `use` brought in (`use crate::orders;` then `orders::fulfil_payment`). It follows
//! `pub use` re-exports to the file that defines the item, so `crate::store::TicketRecord` leads to
//! `store/tickets.rs`. Neither `mod child;` nor a re-export adds an edge by itself: a parent that only gathers its
//! children does not depend on them. A parent that calls into a child does, and then the child may not name the
//! parent's own items; what both need moves into a child of its own (`web/site.rs`, `event/field.rs`).
//!
//! `impl Store` blocks spread across `store/*.rs`: each such file names `super::Store`, an edge from the child to
//! `store/mod.rs`. A method belongs to the type, not to the file holding its `impl` block, and calls through a
//! value (`state.store.refund(id)`) name no path, so they add no edge: the children extend the parent's type and
//! depend on it, never the reverse. Free functions that `store/*.rs` files share are named by path and do count.
//!
//! Left out to keep it small: `#[cfg(test)] mod … { }` blocks (a test may build its world from a higher floor),
//! edges inside one file, glob re-exports (`pub use child::*`, none today), and `main.rs` (the binary names the
//! library as `conference::`, so nothing in the library can name it). Test-only files (`#[cfg(test)] mod tests;`)
//! are read, but nothing names them, so they cannot close a cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A module's path from the crate root: `[]` for `lib.rs`, `["store", "tickets"]` for `store/tickets.rs`.
type Module = Vec<String>;

#[test]
fn modules_import_one_way() {
    let crate_ = Crate::read(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")));
    let graph = crate_.graph();
    if let Some(cycle) = find_cycle(&graph) {
        let steps: Vec<String> = cycle
            .windows(2)
            .map(|pair| format!("{} ({})", crate_.file_of(&pair[0]), graph[&pair[0]][&pair[1]]))
            .collect();
        panic!(
            "modules import each other in a cycle; move the shared piece a floor down:\n  {}\n  → back to {}",
            steps.join("\n  → "),
            crate_.file_of(&cycle[0])
        );
    }
}

struct Crate {
    /// Each module's source, as tokens.
    files: BTreeMap<Module, Vec<String>>,
    /// Each module's file, as `src/…`.
    paths: BTreeMap<Module, String>,
    /// Each module's `pub use` re-exports: the name it exports → the absolute path it names.
    reexports: BTreeMap<Module, BTreeMap<String, Module>>,
}

/// One name a `use` brings in: `use crate::a::{b::C, d as e}` imports `C` and `e`.
struct Import {
    path: Vec<String>,
    name: String,
    public: bool,
}

impl Crate {
    fn read(src: &Path) -> Crate {
        let mut crate_ = Crate {
            files: BTreeMap::new(),
            paths: BTreeMap::new(),
            reexports: BTreeMap::new(),
        };
        crate_.read_dir(src, &[]);
        for module in crate_.files.keys() {
            let exported = imports(&crate_.files[module])
                .into_iter()
                .filter(|import| import.public)
                .filter_map(|import| Some((import.name, crate_.absolute(module, &import.path)?)))
                .collect();
            crate_.reexports.insert(module.clone(), exported);
        }
        crate_
    }

    /// Each module → the modules it names, with the first path that named each.
    fn graph(&self) -> BTreeMap<Module, BTreeMap<Module, String>> {
        let mut graph = BTreeMap::new();
        for (module, tokens) in &self.files {
            let mut in_scope: BTreeMap<String, Module> = BTreeMap::new();
            let mut named = Vec::new();
            for import in imports(tokens) {
                if let Some(path) = self.absolute(module, &import.path) {
                    if !import.public {
                        let glob = if import.name == "*" { "::*" } else { "" };
                        named.push((path.clone(), import.path.join("::") + glob));
                    }
                    in_scope.insert(import.name, path);
                }
            }
            for path in paths_in_code(tokens) {
                let absolute = match in_scope.get(&path[0]) {
                    Some(imported) => Some([imported.as_slice(), &path[1..]].concat()),
                    None => self.absolute(module, &path),
                };
                if let Some(absolute) = absolute {
                    named.push((absolute, path.join("::")));
                }
            }
            let edges: &mut BTreeMap<Module, String> = graph.entry(module.clone()).or_default();
            for (path, written) in named {
                let target = self.defining_module(&path);
                if target != *module {
                    edges.entry(target).or_insert(written);
                }
            }
        }
        graph
    }

    /// The module that defines what `path` names: the deepest module along it, following re-exports.
    fn defining_module(&self, path: &[String]) -> Module {
        let mut module = Vec::new();
        for (at, segment) in path.iter().enumerate() {
            let child = [module.as_slice(), std::slice::from_ref(segment)].concat();
            if self.files.contains_key(&child) {
                module = child;
            } else if let Some(exported) = self.reexports[&module].get(segment) {
                return self.defining_module(&[exported.as_slice(), &path[at + 1..]].concat());
            } else {
                break;
            }
        }
        module
    }

    /// `path` written in `module`, from the crate root; `None` for another crate's path.
    fn absolute(&self, module: &Module, path: &[String]) -> Option<Module> {
        let mut base = module.clone();
        let mut rest = path;
        match rest[0].as_str() {
            "crate" => {
                base.clear();
                rest = &rest[1..];
            }
            "self" => rest = &rest[1..],
            "super" => {
                while rest.first().is_some_and(|segment| segment == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            child
                if self
                    .files
                    .contains_key(&[module.as_slice(), &[child.to_string()]].concat()) => {}
            _ => return None,
        }
        Some([base.as_slice(), rest].concat())
    }

    fn file_of(&self, module: &Module) -> &str {
        &self.paths[module]
    }

    fn read_dir(&mut self, dir: &Path, module: &[String]) {
        for entry in fs::read_dir(dir).expect("src/ is readable") {
            let path = entry.expect("src/ is readable").path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let this = match (module, name.as_str()) {
                (_, "mod") | ([], "lib") => module.to_vec(),
                ([], "main") => continue,
                _ => [module, &[name]].concat(),
            };
            if path.is_dir() {
                self.read_dir(&path, &this);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                let source = fs::read_to_string(&path).expect("a source file is UTF-8");
                let shown = path
                    .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                    .unwrap()
                    .display()
                    .to_string();
                self.paths.insert(this.clone(), shown);
                self.files.insert(this, without_test_modules(tokenize(&source)));
            }
        }
    }
}

/// Identifiers, `::`, and every other character on its own; comments dropped and each literal as `""`.
fn tokenize(source: &str) -> Vec<String> {
    let chars: Vec<char> = source.chars().collect();
    let mut tokens = Vec::new();
    let mut at = 0;
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    while at < chars.len() {
        let rest = &chars[at..];
        if rest[0].is_whitespace() {
            at += 1;
        } else if rest.starts_with(&['/', '/']) {
            at += rest.iter().position(|&c| c == '\n').unwrap_or(rest.len());
        } else if rest.starts_with(&['/', '*']) {
            at += block_comment_length(rest);
        } else if let Some(length) = string_length(rest) {
            tokens.push("\"\"".to_string());
            at += length;
        } else if rest[0] == '\'' {
            // A char literal ('x', '\n', '{') is dropped; a lifetime ('a) leaves its name as a word.
            let length = match rest.get(1) {
                Some('\\') => 3 + rest[3..].iter().position(|&c| c == '\'').unwrap_or(0) + 1,
                _ if rest.get(2) == Some(&'\'') => 3,
                _ => 1,
            };
            at += length;
        } else if is_word(rest[0]) {
            let length = rest.iter().position(|&c| !is_word(c)).unwrap_or(rest.len());
            tokens.push(rest[..length].iter().collect());
            at += length;
        } else if rest.starts_with(&[':', ':']) {
            tokens.push("::".to_string());
            at += 2;
        } else {
            tokens.push(rest[0].to_string());
            at += 1;
        }
    }
    tokens
}

fn block_comment_length(rest: &[char]) -> usize {
    let (mut depth, mut at) = (0, 0);
    while at < rest.len() {
        if rest[at..].starts_with(&['/', '*']) {
            depth += 1;
            at += 2;
        } else if rest[at..].starts_with(&['*', '/']) {
            depth -= 1;
            at += 2;
            if depth == 0 {
                return at;
            }
        } else {
            at += 1;
        }
    }
    at
}

/// The length of a string literal (`"…"`, `b"…"`, `r#"…"#`, `br"…"`) starting `rest`, if one does.
fn string_length(rest: &[char]) -> Option<usize> {
    let prefix = rest.iter().take_while(|&&c| c == 'b' || c == 'r').count();
    let raw = rest[..prefix].contains(&'r');
    let hashes = rest[prefix..].iter().take_while(|&&c| c == '#').count();
    let open = prefix + hashes;
    if prefix > 2 || (hashes > 0 && !raw) || rest.get(open) != Some(&'"') {
        return None;
    }
    let mut at = open + 1;
    while at < rest.len() {
        match rest[at] {
            '\\' if !raw => at += 2,
            '"' if rest[at + 1..].iter().take(hashes).filter(|&&c| c == '#').count() == hashes => {
                return Some(at + 1 + hashes);
            }
            _ => at += 1,
        }
    }
    Some(at)
}

/// The tokens without `#[cfg(test)] mod name { … }` blocks (`pub(super) mod` too).
fn without_test_modules(tokens: Vec<String>) -> Vec<String> {
    let mut kept = Vec::new();
    let mut at = 0;
    while at < tokens.len() {
        let Some(body) = test_module_body(&tokens, at) else {
            kept.push(tokens[at].clone());
            at += 1;
            continue;
        };
        at = body;
        let mut depth = 0;
        loop {
            depth += match tokens[at].as_str() {
                "{" => 1,
                "}" => -1,
                _ => 0,
            };
            at += 1;
            if depth == 0 {
                break;
            }
        }
    }
    kept
}

/// Where the `{` of a test module opens, when `tokens[at..]` starts one.
fn test_module_body(tokens: &[String], at: usize) -> Option<usize> {
    const TEST_ATTRIBUTE: [&str; 7] = ["#", "[", "cfg", "(", "test", ")", "]"];
    let after = at + TEST_ATTRIBUTE.len();
    if !tokens.get(at..after)?.iter().eq(TEST_ATTRIBUTE) {
        return None;
    }
    let rest = &tokens[after..];
    let visibility = match (rest.first()?.as_str(), rest.get(1)?.as_str()) {
        ("pub", "(") => rest.iter().position(|token| token == ")")? + 1,
        ("pub", _) => 1,
        _ => 0,
    };
    let opens = rest.get(visibility)? == "mod" && rest.get(visibility + 2)? == "{";
    opens.then_some(after + visibility + 2)
}

fn imports(tokens: &[String]) -> Vec<Import> {
    let mut found = Vec::new();
    for (at, token) in tokens.iter().enumerate() {
        if token == "use" {
            let public = at > 0 && (tokens[at - 1] == "pub" || tokens[at - 1] == ")");
            let mut trees = Vec::new();
            use_tree(tokens, &mut (at + 1), Vec::new(), &mut trees);
            found.extend(trees.into_iter().map(|(path, name)| Import { path, name, public }));
        }
    }
    found
}

/// Reads the use tree at `tokens[*at]` (`a::b::{c, d::e as f, self}`), pushing each (path, local name).
fn use_tree(tokens: &[String], at: &mut usize, mut path: Vec<String>, found: &mut Vec<(Vec<String>, String)>) {
    loop {
        let token = tokens[*at].as_str();
        *at += 1;
        match token {
            "{" => {
                while tokens[*at] != "}" {
                    use_tree(tokens, at, path.clone(), found);
                    if tokens[*at] == "," {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            "*" => return found.push((path, "*".to_string())),
            "self" if !path.is_empty() => {
                let name = path.last().unwrap().clone();
                return found.push((path, name));
            }
            segment => {
                path.push(segment.to_string());
                if tokens[*at] == "::" {
                    *at += 1;
                    continue;
                }
                let mut name = segment.to_string();
                if tokens[*at] == "as" {
                    name = tokens[*at + 1].clone();
                    *at += 2;
                }
                return found.push((path, name));
            }
        }
    }
}

/// Every path outside `use` items that has two segments or more (`store::Store::open`), as its segments.
fn paths_in_code(tokens: &[String]) -> Vec<Vec<String>> {
    let is_segment = |token: &str| token.starts_with(|c: char| c.is_alphabetic() || c == '_');
    let mut paths = Vec::new();
    let mut at = 0;
    while at < tokens.len() {
        if tokens[at] == "use" {
            at += tokens[at..]
                .iter()
                .position(|token| token == ";")
                .unwrap_or(tokens.len());
            continue;
        }
        let starts_path = is_segment(&tokens[at])
            && tokens.get(at + 1).is_some_and(|t| t == "::")
            && (at == 0 || tokens[at - 1] != "::");
        if starts_path {
            let mut path = vec![tokens[at].clone()];
            while tokens.get(at + 1).is_some_and(|t| t == "::") && tokens.get(at + 2).is_some_and(|t| is_segment(t)) {
                path.push(tokens[at + 2].clone());
                at += 2;
            }
            paths.push(path);
        }
        at += 1;
    }
    paths
}

/// A cycle as its modules in order, the first repeated at the end; `None` when the graph has none.
fn find_cycle(graph: &BTreeMap<Module, BTreeMap<Module, String>>) -> Option<Vec<Module>> {
    fn visit(
        module: &Module,
        graph: &BTreeMap<Module, BTreeMap<Module, String>>,
        done: &mut BTreeSet<Module>,
        stack: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        if let Some(start) = stack.iter().position(|on_stack| on_stack == module) {
            return Some([&stack[start..], std::slice::from_ref(module)].concat());
        }
        if !done.insert(module.clone()) {
            return None;
        }
        stack.push(module.clone());
        for next in graph.get(module).into_iter().flat_map(BTreeMap::keys) {
            if let Some(cycle) = visit(next, graph, done, stack) {
                return Some(cycle);
            }
        }
        stack.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|module| visit(module, graph, &mut done, &mut Vec::new()))
}
