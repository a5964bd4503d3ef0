// The files the tool writes (--json, --csv, --dump-sorted), classified before anything runs (issue 16), and
// written so that no file the user did not name is touched:
//  - an existing regular file is replaced only where it is empty or this tool wrote it, in the output's format
//    (OutputFormat: a gpusort-bench JSON for --json, its CSV for --csv, a .npy array of its form for --dump-sorted);
//    anything else -- a file of the user's, a system file named by mistake, the JSON named as --csv -- is refused;
//  - a regular file (or a new one) is replaced atomically: the content goes to a temporary created exclusively
//    (mkstemp) in the target's own folder, is flushed to disk (fsync) and renamed over the target, so a reader or an
//    interrupted run never sees half a file and nothing else can be made to receive it; SIGINT and SIGTERM remove
//    a temporary in flight;
//  - a symbolic link is written through: the file it points to is replaced, the link stays;
//  - a FIFO or a character device is written through once, at the end of the run (never replaced);
//  - '-' is standard output (the console table then goes to standard error);
//  - a file rewritten by another process during the run (two runs given one --json) is reported with a warning;
//    this run's results replace it, as the user asked;
//  - an empty path, a directory, a dangling link, anything else, or a target that cannot be written is refused
//    (UsageError, exit 2), and so is one file named by two outputs.
#pragma once

#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace gsb {

// What an output writes, as far as replacing an existing file goes: its name in messages, and whether a file's
// content (read from its start) is one the tool wrote in it (report.hpp: is_own_json, is_own_csv, is_own_npy).
struct OutputFormat {
  const char* name = "";
  bool (*is_own)(std::istream&) = nullptr;
};

struct OutputTarget {
  enum class Kind { none, file, stream, standard_output };
  Kind kind = Kind::none;
  std::string flag;      // "--json"
  std::string path;      // as given
  std::string file;      // Kind::file: the regular file to replace (a link resolved); Kind::stream: the path
  std::string identity;  // what two outputs are compared by (the canonical path, or "-")
  OutputFormat format;
  // Rewritten after every case (an interrupted run keeps what it measured); streams are written once, at the end.
  bool rewritten_each_case() const { return kind == Kind::file; }
  // Kind::file: the file as this run last left it (at classification, then after each of its writes), so that a
  // rewrite by someone else in between (two runs given one --json) is noticed and warned about, once.
  struct Seen {
    bool exists = false;
    unsigned long long dev = 0, ino = 0;
    bool operator!=(const Seen& o) const { return exists != o.exists || dev != o.dev || ino != o.ino; }
  };
  mutable Seen seen;
  mutable bool warned = false;
};

// Classifies PATH for FLAG ("" gives Kind::none), an output in FORMAT; throws UsageError("FLAG: ...") naming the bad
// value.
OutputTarget classify_output(const std::string& flag, const std::string& path, const OutputFormat& format);

// Throws UsageError when two of the targets are the same file.
void check_distinct(const std::vector<const OutputTarget*>& targets);

// Writes content to the target (see above); throws std::runtime_error on failure, and where another process put a
// file the tool would not replace at a regular target during the run (it is left as it is).
void write_output(const OutputTarget& target, std::string_view content);

// Writes content to the regular file path atomically (exclusive temporary in its folder, fsync, rename).
void write_file_atomically(const std::string& path, std::string_view content);

// Removes a temporary in flight on SIGINT and SIGTERM, then lets the signal end the process as before.
void install_output_signal_handlers();

}  // namespace gsb
