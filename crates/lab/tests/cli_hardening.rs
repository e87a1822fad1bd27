//! Issue 18, the CLI's part: the reproductions of items 5, 6, 8 and 9 run as a user runs them,
//! each asserting the outcome docs/NOTES.md documents ("CLI output and signals"): outputs that are
//! not regular files are written through, links are followed or refused, write errors exit 3
//! (BOOK.md §11.1); SIGINT, SIGTERM and SIGHUP leave no file behind; `perft` stops at its work cap;
//! a batch line is never read past the DFEN cap. Unix only (devices, FIFOs, links, signals); the
//! checks that need Linux (`/dev/full`, `/proc`) are compiled on Linux only and fail there when
//! what they need is missing, and the one that needs root (`mknod`) is `#[ignore]`d (scripts/test
//! runs it when it runs as root). None returns early as a pass.
#![cfg(unix)]

mod common;

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::time::Duration;

use common::book_cli::listing;
use common::cli::{code, fails, ok, path, run, run_stdin, stderr, stdout};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const QUEENS: &str = "qqqqqqqq/q6q/q6q/8/8/Q6Q/Q6Q/QQQQQQQQ w - - 0 1";
const BOOK: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BPR\te2e4,f1c4\n";

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dicechess"))
}

/// A scratch directory holding `book.tsv`, and the text `book convert` writes for it.
fn scratch_with_book() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.tsv");
    fs::write(&book, BOOK).unwrap();
    let text = ok(run(&["book", "convert", path(&book), "-", "--to", "tsv"]));
    assert!(!text.is_empty());
    (dir, text)
}

/// `book convert book.tsv OUT --to tsv` in `dir`.
fn convert_to(dir: &Path, out: &str) -> Output {
    run(&["book", "convert", path(&dir.join("book.tsv")), out, "--to", "tsv"])
}

fn make_fifo(p: &Path) {
    let made = Command::new("mkfifo").arg(p).status().expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", p.display());
}

/// Sends `signal` (`TERM`, …) to the child with `kill`, the tool a user has.
fn signal(child: &Child, signal: &str) {
    let sent = Command::new("kill").arg(format!("-{signal}")).arg(child.id().to_string()).status().expect("kill runs");
    assert!(sent.success(), "kill -{signal}");
}

/// Opens `fifo` with `open`, which blocks until `child` opens the other end. Should the child end
/// without opening it, a second thread opens the FIFO read-write (which never blocks) until the
/// first open returns, so that a failing run fails the test instead of hanging it.
fn open_fifo_beside(child: &mut Child, fifo: &Path, open: impl FnOnce(&Path) -> File) -> File {
    let opened = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            while !opened.load(SeqCst) {
                if child.try_wait().unwrap().is_some() {
                    drop(OpenOptions::new().read(true).write(true).open(fifo).unwrap());
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        let file = open(fifo);
        opened.store(true, SeqCst);
        file
    })
}

/// Waits until a temporary output file appears in `dir` (`child` still running).
fn wait_for_temp(dir: &Path, child: &mut Child) {
    while !listing(dir).iter().any(|n| n.starts_with(".out.tsv.tmp-")) {
        assert!(child.try_wait().unwrap().is_none(), "the run ended before writing its temporary file");
        std::thread::sleep(Duration::from_millis(5));
    }
}

// ---------------------------------------------------------------------------------------------------
// 5. Outputs: devices, FIFOs, links, write errors

#[cfg(target_os = "linux")]
#[test]
fn a_full_device_is_an_output_error_and_stays_a_device() {
    assert!(Path::new("/dev/full").exists(), "Linux has /dev/full");
    let (dir, _) = scratch_with_book();
    let err = fails(convert_to(dir.path(), "/dev/full"), 3);
    assert!(err.contains("/dev/full"), "names the output: {err}");
    assert!(fs::metadata("/dev/full").unwrap().file_type().is_char_device(), "/dev/full is still a device");
    // A `--json`-style report goes through the same writer.
    let out = run(&["book", "build", "/dev/null", "-o", path(&dir.path().join("b.tsv")), "--stats", "/dev/full"]);
    assert_eq!(code(&out), 3, "{}", stderr(&out));
    assert!(listing(dir.path()).iter().all(|n| !n.contains(".tmp")), "no temporary file: {:?}", listing(dir.path()));
}

#[cfg(target_os = "linux")]
#[test]
#[ignore = "needs root: mknod of a character device (scripts/test runs it as root)"]
fn a_device_node_is_written_through_not_replaced() {
    let (dir, _) = scratch_with_book();
    // The reproduction: `mknod -m 666 ./myfull c 1 7` (the full device), then `-o ./myfull`.
    let node = dir.path().join("myfull");
    let made = Command::new("mknod").args(["-m", "666", path(&node), "c", "1", "7"]).status().expect("mknod runs");
    assert!(made.success(), "mknod of Linux's full device (1, 7) needs root");
    let err = fails(convert_to(dir.path(), path(&node)), 3);
    assert!(err.to_lowercase().contains("no space"), "the device's error: {err}");
    assert!(fs::metadata(&node).unwrap().file_type().is_char_device(), "still a device");
    assert_eq!(listing(dir.path()), ["book.tsv", "myfull"]);
}

#[test]
fn dev_null_is_written_through() {
    let (dir, _) = scratch_with_book();
    assert_eq!(ok(convert_to(dir.path(), "/dev/null")), "");
    assert!(fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    assert_eq!(listing(dir.path()), ["book.tsv"]);
}

#[test]
fn a_fifo_is_written_through() {
    let (dir, text) = scratch_with_book();
    let fifo = dir.path().join("out.fifo");
    make_fifo(&fifo);
    let mut child = binary()
        .args(["book", "convert", path(&dir.path().join("book.tsv")), path(&fifo), "--to", "tsv"])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut reader = open_fifo_beside(&mut child, &fifo, |p| File::open(p).unwrap());
    let mut got = String::new();
    std::io::Read::read_to_string(&mut reader, &mut got).unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(got, text, "the output came through the FIFO");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "still a FIFO");
    assert_eq!(listing(dir.path()), ["book.tsv", "out.fifo"]);
}

#[test]
fn a_symbolic_link_is_followed_and_kept() {
    let (dir, text) = scratch_with_book();
    let target = dir.path().join("target.tsv");
    fs::write(&target, "old\n").unwrap();
    fs::set_permissions(&target, fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.path().join("link.tsv");
    std::os::unix::fs::symlink("target.tsv", &link).unwrap();
    assert_eq!(ok(convert_to(dir.path(), path(&link))), "");
    assert_eq!(fs::read_link(&link).unwrap(), PathBuf::from("target.tsv"), "the link is kept");
    assert_eq!(fs::read_to_string(&target).unwrap(), text, "the file it leads to is replaced");
    assert_eq!(fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o640, "with its permissions");
    assert_eq!(listing(dir.path()), ["book.tsv", "link.tsv", "target.tsv"]);
}

#[test]
fn a_link_to_nothing_is_refused() {
    let (dir, _) = scratch_with_book();
    let link = dir.path().join("dangling.tsv");
    std::os::unix::fs::symlink("nowhere.tsv", &link).unwrap();
    let err = fails(convert_to(dir.path(), path(&link)), 3);
    assert!(err.contains("symbolic link"), "{err}");
    assert_eq!(fs::read_link(&link).unwrap(), PathBuf::from("nowhere.tsv"));
    assert_eq!(listing(dir.path()), ["book.tsv", "dangling.tsv"]);
}

#[test]
fn a_hard_linked_file_is_refused_and_keeps_its_links() {
    let (dir, _) = scratch_with_book();
    let a = dir.path().join("a.tsv");
    let b = dir.path().join("b.tsv");
    fs::write(&a, "old\n").unwrap();
    fs::hard_link(&a, &b).unwrap();
    let err = fails(convert_to(dir.path(), path(&a)), 3);
    assert!(err.contains("hard links"), "{err}");
    let (ma, mb) = (fs::metadata(&a).unwrap(), fs::metadata(&b).unwrap());
    assert_eq!((ma.ino(), ma.nlink()), (mb.ino(), 2), "one file, two links");
    assert_eq!(fs::read_to_string(&a).unwrap(), "old\n");
    assert_eq!(listing(dir.path()), ["a.tsv", "b.tsv", "book.tsv"]);
}

#[test]
fn a_directory_is_refused() {
    let (dir, _) = scratch_with_book();
    let err = fails(convert_to(dir.path(), path(dir.path())), 3);
    assert!(err.contains("directory"), "{err}");
    assert_eq!(listing(dir.path()), ["book.tsv"]);
}

#[test]
fn a_regular_file_is_replaced_with_its_permissions() {
    let (dir, text) = scratch_with_book();
    let out = dir.path().join("out.tsv");
    fs::write(&out, "old\n").unwrap();
    fs::set_permissions(&out, fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(ok(convert_to(dir.path(), path(&out))), "");
    assert_eq!(fs::read_to_string(&out).unwrap(), text);
    assert_eq!(fs::metadata(&out).unwrap().permissions().mode() & 0o777, 0o600);
    assert_eq!(listing(dir.path()), ["book.tsv", "out.tsv"]);
}

// ---------------------------------------------------------------------------------------------------
// 6. Signals

/// SIGINT, SIGTERM and SIGHUP and their exit codes (128 + the signal's number).
/// The signals that stop a run, with its exit code 128 + N: Ctrl-C, termination and hang-up, and
/// (issue 31) the user and alarm signals, which once left `.NAME.tmp-PID-0` behind.
const SIGNALS: [(&str, i32); 6] =
    [("INT", 130), ("TERM", 143), ("HUP", 129), ("USR1", 138), ("USR2", 140), ("ALRM", 142)];

/// Fails when this process ignores one of [`SIGNALS`] (Linux's /proc tells): the runs it starts
/// would keep it ignored (as `nohup` wants), so the signal tests would check nothing. A shell's
/// background job without job control ignores SIGINT: run the tests in the foreground.
fn assert_signals_not_ignored() {
    let Ok(status) = fs::read_to_string("/proc/self/status") else { return };
    let mask =
        status.lines().find_map(|l| l.strip_prefix("SigIgn:")).and_then(|m| u64::from_str_radix(m.trim(), 16).ok());
    for (name, exit) in SIGNALS {
        assert!(
            mask.unwrap_or(0) & (1 << (exit - 129)) == 0,
            "SIG{name} is ignored by the test process, so by the runs it starts: run the tests in the foreground"
        );
    }
}

#[test]
fn a_signal_during_a_long_convert_leaves_nothing() {
    // The input is a FIFO that the test keeps open: the convert is reading it, deterministically
    // long, when the signal comes (the handler is installed before any input is opened).
    assert_signals_not_ignored();
    for (name, exit) in SIGNALS {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.tsv");
        make_fifo(&input);
        let out = dir.path().join("out.tsv");
        let mut child =
            binary().args(["book", "convert", path(&input), path(&out)]).stderr(Stdio::null()).spawn().unwrap();
        let mut writer = open_fifo_beside(&mut child, &input, |p| OpenOptions::new().write(true).open(p).unwrap());
        writer.write_all(BOOK.repeat(1000).as_bytes()).unwrap();
        signal(&child, name);
        let status = child.wait().unwrap();
        drop(writer);
        assert_eq!(status.code(), Some(exit), "SIG{name}");
        assert_eq!(listing(dir.path()), ["in.tsv"], "SIG{name}: no output, no temporary file");
    }
}

#[test]
fn a_signal_while_outputs_are_pending_removes_them() {
    // `book build -o out.tsv --stats FIFO`: the book is written to its temporary file, then the run
    // waits for a reader of the FIFO. The signal comes with the temporary file there.
    assert_signals_not_ignored();
    for (name, exit) in SIGNALS {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("stats.fifo");
        make_fifo(&fifo);
        let out = dir.path().join("out.tsv");
        let mut child = binary()
            .args(["book", "build", "/dev/null", "-o", path(&out), "--stats", path(&fifo)])
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        wait_for_temp(dir.path(), &mut child);
        signal(&child, name);
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(exit), "SIG{name}");
        assert_eq!(listing(dir.path()), ["stats.fifo"], "SIG{name}: no output, no temporary file");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn an_ignored_signal_stays_ignored() {
    // `nohup` ignores SIGHUP for the program it runs: the run goes on to its end. (The run learns
    // what it ignores from Linux's /proc.)
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("stats.fifo");
    make_fifo(&fifo);
    let out = dir.path().join("out.tsv");
    let mut child = Command::new("nohup")
        .arg(env!("CARGO_BIN_EXE_dicechess"))
        .args(["book", "build", "/dev/null", "-o", path(&out), "--stats", path(&fifo)])
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nohup runs");
    wait_for_temp(dir.path(), &mut child);
    signal(&child, "HUP");
    // Reading the FIFO lets the run finish: it was not stopped by the hang-up.
    let mut reader = open_fifo_beside(&mut child, &fifo, |p| File::open(p).unwrap());
    let mut stats = String::new();
    std::io::Read::read_to_string(&mut reader, &mut stats).unwrap();
    assert!(stats.contains("gamesRead"), "{stats}");
    assert!(child.wait().unwrap().success());
    assert!(out.exists(), "the output is in place");
}

// ---------------------------------------------------------------------------------------------------
// 8. perft's work cap

#[test]
fn perft_stops_at_its_work_cap() {
    // Issue 18: depth 6 on the ring of queens runs for hours; a cap of 10^5 positions stops it.
    let err = fails(run(&["perft", QUEENS, "6", "--max-nodes", "100000"]), 1);
    assert!(err.contains("work cap"), "{err}");
    let err = fails(run(&["perft", "--divide", QUEENS, "6", "--max-nodes", "100000"]), 1);
    assert!(err.contains("work cap"), "{err}");
    // In a batch the line is invalid (its neutral 0) and the others are answered.
    let out = run_stdin(&["perft", "--stdin", "6", "--max-nodes", "100000"], format!("{QUEENS}\n{START}\n").as_bytes());
    assert_eq!(code(&out), 1);
    assert!(stdout(&out).starts_with("0\n"), "{}", stdout(&out));
    assert!(stderr(&out).contains("stdin:1") && stderr(&out).contains("work cap"), "{}", stderr(&out));
}

#[test]
fn perft_within_its_cap_is_exact() {
    // Depth 3 from the start expands 1 + 20 + 400 positions: 421 is enough, 420 is not.
    assert_eq!(ok(run(&["perft", START, "3", "--max-nodes", "421"])), "8902\n");
    fails(run(&["perft", START, "3", "--max-nodes", "420"]), 1);
    // The default cap is far above the common depths.
    assert_eq!(ok(run(&["perft", START, "5"])), "4897256\n");
    // A cap of 0 is a usage error.
    fails(run(&["perft", START, "3", "--max-nodes", "0"]), 2);
}

#[test]
#[ignore = "minutes: the issue's position at the CLI's default cap (10^10 positions, about 20 min in release)"]
fn perft_of_the_queen_ring_at_depth_6_stops_by_default() {
    let err = fails(run(&["perft", QUEENS, "6"]), 1);
    assert!(err.contains("work cap"), "{err}");
}

#[test]
fn js_perft_of_the_queen_ring_at_depth_6_is_minus_one() {
    // Issue 17: the JavaScript cap, 6·10^6 positions expanded, is reached in about a second.
    assert_eq!(dicechess::package::perft(QUEENS, 6, dicechess::package::PERFT_MAX_DEPTH_JS), -1);
}

// ---------------------------------------------------------------------------------------------------
// 9. Batch lines past the DFEN cap

#[test]
fn a_huge_batch_line_is_invalid_and_the_next_is_answered() {
    // Issue 18: a 1 GB line took 1 GB. 16 MiB here; the line is refused, not kept.
    let mut input = vec![b'a'; 16 << 20];
    input.push(b'\n');
    input.extend_from_slice(format!("{START} PN\n").as_bytes());
    let out = run_stdin(&["moves", "--stdin"], &input);
    assert_eq!(code(&out), 1);
    let lines: Vec<String> = stdout(&out).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "one answer a line");
    assert_eq!(lines[0], "[]");
    assert!(lines[1].starts_with("[\"a2a3\""), "{}", lines[1]);
    assert!(stderr(&out).contains("stdin:1") && stderr(&out).contains("256 bytes"), "{}", stderr(&out));
}

#[cfg(target_os = "linux")]
#[test]
fn dev_zero_on_stdin_is_read_in_bounded_memory() {
    // Issue 18: `moves --stdin < /dev/zero` grew without bound. Read 256 MiB of it, then look at the
    // peak memory (Linux's /proc), then stop the run.
    let mut child = binary()
        .args(["moves", "--stdin"])
        .stdin(File::open("/dev/zero").unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let field = |file: &str, name: &str| -> Option<u64> {
        let text = fs::read_to_string(format!("/proc/{pid}/{file}")).ok()?;
        let value = text.lines().find_map(|l| l.strip_prefix(name))?;
        value.trim().trim_end_matches(" kB").parse().ok()
    };
    loop {
        assert!(child.try_wait().unwrap().is_none(), "the run ended reading /dev/zero");
        if field("io", "rchar:").expect("/proc/PID/io (Linux's task I/O accounting)") >= 256 << 20 {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let peak_kb = field("status", "VmHWM:").expect("VmHWM");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(peak_kb < 64 << 10, "peak memory {peak_kb} kB after reading 256 MiB");
}
