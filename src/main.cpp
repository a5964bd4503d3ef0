// gpusort-bench: the command-line entry point. Exceptions become exit codes here and only here.
#include <cstdio>
#include <exception>
#include <iostream>

#include "driver/options.hpp"
#include "driver/output_file.hpp"
#include "driver/runner.hpp"
#include "gsb/error.hpp"

int main(int argc, char** argv) {
  gsb::Options opts;
  gsb::install_output_signal_handlers();  // an interrupted run leaves no temporary file behind
  try {
    switch (gsb::parse_command_line(argc, argv, opts)) {
      case gsb::ParseOutcome::exit_ok: return 0;
      case gsb::ParseOutcome::list: std::fputs(gsb::list_backends().c_str(), stdout); return 0;
      case gsb::ParseOutcome::run: break;
    }
    gsb::Runner runner(opts);
    return runner.run();
  } catch (const gsb::UsageError& e) {
    std::fprintf(stderr, "gpusort-bench: error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpusort-bench: fatal: %s\n", e.what());
    return 1;
  }
}
