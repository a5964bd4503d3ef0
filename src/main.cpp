// gpusort-bench: the command-line entry point. Exceptions become exit codes here and only here.
#include <cstdio>
#include <exception>
#include <iostream>

#include "driver/options.hpp"
#include "driver/output_file.hpp"
#include "driver/runner.hpp"
#include "driver/text.hpp"
#include "gsb/error.hpp"

int main(int argc, char** argv) {
  gsb::Options opts;
  gsb::install_output_signal_handlers();  // an interrupted run leaves no temporary file behind
  try {
    switch (gsb::parse_command_line(argc, argv, opts)) {
      case gsb::ParseOutcome::exit_ok: return 0;
      case gsb::ParseOutcome::list: gsb::print_stdout(gsb::list_backends()); return 0;
      case gsb::ParseOutcome::run: break;
    }
    gsb::Runner runner(opts);
    return runner.run();
  } catch (const gsb::UsageError& e) {
    gsb::print_stderr("gpusort-bench: error: " + gsb::printable(e.what()) + "\n");  // one line, whatever the value
    return 2;
  } catch (const std::exception& e) {
    gsb::print_stderr("gpusort-bench: fatal: " + gsb::printable(e.what()) + "\n");
    return 1;
  }
}
