//! The `dicechess` command-line tool: [`dicechess::cli::run`] (src/cli/, feature `cli`).

fn main() -> std::process::ExitCode {
    dicechess::cli::run()
}
