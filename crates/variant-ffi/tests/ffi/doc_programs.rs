//! The C and C++ blocks of the pages (README.md and `docs/`, the dated notes of `docs/notes/`
//! left out) compiled against the static library of this build and run, as rustdoc runs a
//! page's Rust blocks: a C example that no longer compiles, or fails, fails `cargo test`.
//!
//! A block with `main` is compiled as it stands. A block without is a fragment: its
//! `#include` lines go on top (after `variants.h` and the C headers every fragment may use),
//! the rest into `main`, after the code of a `<!-- docs-run: setup … -->` comment above the
//! fence (declarations the reader has from the text around it, hidden as rustdoc's `# ` lines
//! are). `<!-- docs-run: compile-only — REASON -->` compiles without running (two threads
//! shown as one listing, say); `<!-- docs-run: skip — REASON -->` leaves the block out. The
//! program must exit with status 0. (docs/guides/writing-docs.md lists these directives.)

use crate::c_programs::{artifact_dir, crate_dir, scratch_dir};
use std::path::PathBuf;
use std::process::Command;

/// A C or C++ block of a page.
#[derive(Debug)]
struct Block {
    /// `page:line` of its opening fence.
    place: String,
    cpp: bool,
    lines: Vec<String>,
    /// The texts of the `docs-run` comments directly above the fence.
    directives: Vec<String>,
}

impl Block {
    fn directive(&self, word: &str) -> Option<&str> {
        self.directives.iter().find_map(|d| {
            let rest = d.strip_prefix(word)?;
            (rest.is_empty() || rest.starts_with(char::is_whitespace)).then_some(rest)
        })
    }

    /// The program compiled for the block (see the module's doc).
    fn program(&self) -> String {
        let text = self.lines.join("\n");
        if text.contains(" main(") {
            return text + "\n";
        }
        let mut head = String::from("#include \"variants.h\"\n");
        for header in ["inttypes.h", "stdio.h", "stdlib.h", "string.h"] {
            head.push_str(&format!("#include <{header}>\n"));
        }
        if self.cpp {
            head.push_str("#include <iostream>\n");
        }
        let mut body = String::new();
        for line in &self.lines {
            let to = if line.starts_with("#include") {
                &mut head
            } else {
                body.push_str("    ");
                &mut body
            };
            to.push_str(line);
            to.push('\n');
        }
        let setup = self.directive("setup").unwrap_or_default();
        format!("{head}\nint main(void) {{\n{setup}\n  {{\n{body}  }}\n  return 0;\n}}\n")
    }
}

/// The C and C++ blocks of a page's text, with the directives above each.
fn blocks(page: &str, text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let Some(lang) = lines[at].trim_start().strip_prefix("```") else {
            at += 1;
            continue;
        };
        let end = (at + 1..lines.len())
            .find(|&k| lines[k].trim() == "```")
            .unwrap_or(lines.len());
        let lang = lang.split([' ', ',']).next().unwrap_or_default();
        if matches!(lang, "c" | "cpp" | "c++") {
            out.push(Block {
                place: format!("{page}:{}", at + 1),
                cpp: lang != "c",
                lines: lines[at + 1..end].iter().map(|l| l.to_string()).collect(),
                directives: directives_above(&lines[..at]),
            });
        }
        at = end + 1;
    }
    out
}

/// The texts of the `<!-- docs-run: … -->` comments that end on the lines right above a fence
/// (each may span lines, as a `setup` does).
fn directives_above(above: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    let mut end = above.len();
    while end > 0 && above[end - 1].trim_end().ends_with("-->") {
        let Some(start) = (0..end)
            .rev()
            .find(|&k| above[k].trim_start().starts_with("<!-- docs-run:"))
        else {
            break;
        };
        let text = above[start..end].join("\n");
        let text = text.trim().trim_start_matches("<!-- docs-run:");
        found.push(text.trim_end_matches("-->").trim().to_string());
        end = start;
    }
    found
}

/// README.md and every page of `docs/` but its dated notes.
fn pages() -> Vec<PathBuf> {
    let root = crate_dir().join("../..");
    let mut pages = vec![root.join("README.md")];
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for path in entries.map(|e| e.expect("a directory entry").path()) {
            if path.is_dir() && path.file_name() != Some("notes".as_ref()) {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// Compiles (and runs, unless told not to) one block; `Err` says what failed.
fn check(block: &Block, n: usize) -> Result<(), String> {
    let dir = scratch_dir().join("doc-programs");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let source = dir.join(format!("block{n}.{}", if block.cpp { "cpp" } else { "c" }));
    let exe = dir.join(format!("block{n}"));
    std::fs::write(&source, block.program()).map_err(|e| format!("{}: {e}", source.display()))?;
    let (compiler, var, standard) = if block.cpp {
        ("g++", "CXX", "-std=c++17")
    } else {
        ("cc", "CC", "-std=c11")
    };
    let output = Command::new(std::env::var(var).unwrap_or_else(|_| compiler.to_string()))
        .args([standard, "-Wall", "-I"])
        .arg(crate_dir().join("include"))
        .arg(&source)
        .arg(artifact_dir().join("libvariant_ffi.a"))
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&exe)
        .output()
        .map_err(|e| format!("cannot run the compiler: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "does not compile\n--- as compiled\n{}\n--- the compiler\n{}",
            block.program(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    if block.directive("compile-only").is_some() {
        return Ok(());
    }
    let output = Command::new(&exe)
        .current_dir(&dir)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "the program failed ({})\n{}{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

#[test]
fn the_pages_c_and_cpp_programs_compile_and_run() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a page");
        let name = page.to_string_lossy();
        for block in blocks(&name, &text) {
            if block.directive("skip").is_some() {
                continue;
            }
            checked += 1;
            if let Err(e) = check(&block, checked) {
                failures.push(format!("{}: {e}", block.place));
            }
        }
    }
    // docs/c-api.md and the C guide hold about ten.
    assert!(checked >= 8, "only {checked} C/C++ blocks found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn a_fragment_goes_into_main_after_its_setup_with_its_includes_on_top() {
    let page = "text\n<!-- docs-run: setup\nint x = 1;\n-->\n<!-- docs-run: compile-only — two \
                threads -->\n```c\n#include <math.h>\nprintf(\"%d\", x);\n```\n```sh\nls\n```\n\
                ```c\nint main(void) { return 0; }\n```\n";
    let blocks = blocks("p.md", page);
    assert_eq!(blocks.len(), 2, "{blocks:?}");
    assert_eq!(blocks[0].place, "p.md:6");
    assert!(blocks[0].directive("compile-only").is_some());
    let program = blocks[0].program();
    let include = program.find("#include <math.h>").expect("the include");
    let main = program.find("int main(void)").expect("main");
    let setup = program.find("int x = 1;").expect("the setup");
    let body = program.find("printf").expect("the fragment");
    assert!(include < main && main < setup && setup < body, "{program}");
    // A whole program stands as it is, and has no directive.
    assert_eq!(blocks[1].program(), "int main(void) { return 0; }\n");
    assert!(blocks[1].directives.is_empty());
}

#[test]
fn a_program_that_fails_is_reported_with_its_place() {
    let page = "```c\nreturn 3;\n```\n```c\nthis is not C\n```\n";
    let blocks = blocks("p.md", page);
    let e = check(&blocks[0], 1000).unwrap_err();
    assert!(
        e.contains("the program failed") && e.contains("exit status: 3"),
        "{e}"
    );
    let e = check(&blocks[1], 1001).unwrap_err();
    assert!(
        e.contains("does not compile") && e.contains("this is not C"),
        "{e}"
    );
}
