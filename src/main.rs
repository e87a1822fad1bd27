//! The `dicechess` command-line tool: thin subcommands over the library (src/cli/).

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
