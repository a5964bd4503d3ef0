#include "driver/output_file.hpp"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "driver/text.hpp"
#include "gsb/error.hpp"

namespace gsb {

namespace {

// The temporary being written, for the signal handler (async-signal-safe: a fixed buffer and a flag).
char g_temp[PATH_MAX + 1];
volatile std::sig_atomic_t g_temp_active = 0;

extern "C" void remove_temp_and_reraise(int sig) {
  if (g_temp_active) ::unlink(g_temp);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

std::string dir_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}
std::string base_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}
std::string canonical(const std::string& path) {
  char buf[PATH_MAX];
  return ::realpath(path.c_str(), buf) != nullptr ? std::string(buf) : path;
}
std::string errno_text() { return std::strerror(errno); }

OutputTarget::Seen seen_now(const std::string& file) {
  struct stat s {};
  if (::stat(file.c_str(), &s) != 0) return {};
  return {true, static_cast<unsigned long long>(s.st_dev), static_cast<unsigned long long>(s.st_ino)};
}

void write_all(int fd, std::string_view content, const std::string& what) {
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t w = ::write(fd, content.data() + done, content.size() - done);
    if (w < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("error writing '" + what + "': " + errno_text());
    }
    done += static_cast<std::size_t>(w);
  }
}

// Whether a file can be created in dir (what the atomic write needs): a temporary made exclusively, then removed.
// access() is not enough: root passes it on read-only file systems such as /proc.
std::string creatable_in(const std::string& dir) {
  std::string name = dir + "/.gpusort-bench-XXXXXX";
  const int fd = ::mkstemp(name.data());
  if (fd < 0) return errno_text();
  ::close(fd);
  ::unlink(name.c_str());
  return {};
}

// Why the regular file at `file` may not be replaced by an output in `format`; empty where it may: it is empty, or
// the tool wrote it in that format.
std::string not_replaceable(const std::string& file, const OutputFormat& format) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return "it cannot be read to see whether this tool wrote it (" + errno_text() + ")";
  if (in.peek() == std::ifstream::traits_type::eof()) return {};  // empty: nothing to lose
  if (format.is_own != nullptr && format.is_own(in)) return {};
  return std::string("it holds something other than a gpusort-bench ") + format.name +
         ", which this tool does not replace (remove it, or name another file)";
}

}  // namespace

OutputTarget classify_output(const std::string& flag, const std::string& path, const OutputFormat& format) {
  OutputTarget t;
  t.flag = flag;
  t.path = path;
  t.format = format;
  auto refuse = [&](const std::string& why) -> OutputTarget {
    throw UsageError(flag + ": cannot write '" + path + "': " + why);
  };
  if (path.empty()) throw UsageError(flag + ": empty path");
  if (path == "-") {
    t.kind = OutputTarget::Kind::standard_output;
    t.identity = "-";
    return t;
  }
  if (path.find('\n') != std::string::npos) return refuse("a path with a line break");
  struct stat ls {};
  if (::lstat(path.c_str(), &ls) != 0) {
    if (errno != ENOENT) return refuse(errno_text());
    const std::string dir = dir_of(path);
    struct stat ds {};
    if (::stat(dir.c_str(), &ds) != 0) return refuse(errno_text());
    if (!S_ISDIR(ds.st_mode)) return refuse("'" + dir + "' is not a directory");
    if (std::string why = creatable_in(dir); !why.empty()) return refuse(why);
    t.kind = OutputTarget::Kind::file;
    t.file = path;
    t.identity = canonical(dir) + "/" + base_of(path);
    t.seen = seen_now(t.file);
    return t;
  }
  struct stat s = ls;
  if (S_ISLNK(ls.st_mode) && ::stat(path.c_str(), &s) != 0)
    return refuse("a symbolic link to nothing (" + errno_text() + ")");
  if (S_ISDIR(s.st_mode)) return refuse("it is a directory");
  if (::access(path.c_str(), W_OK) != 0) return refuse(errno_text());
  if (S_ISREG(s.st_mode)) {
    t.kind = OutputTarget::Kind::file;
    t.file = S_ISLNK(ls.st_mode) ? canonical(path) : path;  // a link stays a link: its file is replaced
    if (std::string why = not_replaceable(t.file, format); !why.empty()) return refuse(why);
    if (std::string why = creatable_in(dir_of(t.file)); !why.empty()) return refuse("its folder: " + why);
    t.identity = canonical(t.file);
    t.seen = seen_now(t.file);
    return t;
  }
  if (S_ISFIFO(s.st_mode) || S_ISCHR(s.st_mode)) {
    t.kind = OutputTarget::Kind::stream;
    t.file = path;
    t.identity = canonical(path);
    return t;
  }
  return refuse("not a regular file, FIFO or character device");
}

void check_distinct(const std::vector<const OutputTarget*>& targets) {
  for (std::size_t i = 0; i < targets.size(); ++i)
    for (std::size_t j = i + 1; j < targets.size(); ++j) {
      const OutputTarget& a = *targets[i];
      const OutputTarget& b = *targets[j];
      if (a.kind == OutputTarget::Kind::none || b.kind == OutputTarget::Kind::none) continue;
      // Character devices such as /dev/null may take several outputs; files and FIFOs may not.
      if (a.identity == b.identity && !(a.kind == OutputTarget::Kind::stream && a.identity.rfind("/dev/", 0) == 0))
        throw UsageError(b.flag + ": '" + b.path + "' is also " + a.flag + "'s output");
    }
}

void write_file_atomically(const std::string& path, std::string_view content) {
  const std::string tmpl = dir_of(path) + "/.gpusort-bench-XXXXXX";
  GSB_EXPECTS(tmpl.size() <= PATH_MAX, "output path too long: " + path);
  char name[PATH_MAX + 1];
  std::memcpy(name, tmpl.c_str(), tmpl.size() + 1);
  const int fd = ::mkstemp(name);  // O_CREAT | O_EXCL: never an existing file or link
  if (fd < 0) throw std::runtime_error("cannot create a temporary beside '" + path + "': " + errno_text());
  std::memcpy(g_temp, name, tmpl.size() + 1);
  g_temp_active = 1;
  auto fail = [&](const std::string& why) {
    ::close(fd);
    ::unlink(name);
    g_temp_active = 0;
    throw std::runtime_error(why);
  };
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, 0666 & ~mask) != 0) fail("cannot set the mode of '" + std::string(name) + "': " + errno_text());
  try {
    write_all(fd, content, name);
  } catch (const std::exception& e) {
    fail(e.what());
  }
  if (::fsync(fd) != 0) fail("cannot flush '" + std::string(name) + "': " + errno_text());
  if (::close(fd) != 0) {
    ::unlink(name);
    g_temp_active = 0;
    throw std::runtime_error("cannot close '" + std::string(name) + "': " + errno_text());
  }
  if (::rename(name, path.c_str()) != 0) {
    const std::string why = errno_text();
    ::unlink(name);
    g_temp_active = 0;
    throw std::runtime_error("cannot rename '" + std::string(name) + "' to '" + path + "': " + why);
  }
  g_temp_active = 0;
}

void write_output(const OutputTarget& t, std::string_view content) {
  switch (t.kind) {
    case OutputTarget::Kind::none: return;
    case OutputTarget::Kind::file:
      if (const OutputTarget::Seen now = seen_now(t.file); now != t.seen) {
        // Another process's file: replaced only where this tool would have replaced it at the start.
        if (now.exists)
          if (std::string why = not_replaceable(t.file, t.format); !why.empty())
            throw std::runtime_error(t.flag + ": '" + t.path + "' was replaced by another process during this run: " +
                                     why);
        if (!t.warned)
          print_stderr("gpusort-bench: warning: " + t.flag + " '" + printable(t.path) +
                       "' was replaced or removed by another process during this run (two runs writing one file?); "
                       "this run's results replace it\n");
        t.warned = true;
      }
      write_file_atomically(t.file, content);
      t.seen = seen_now(t.file);
      return;
    case OutputTarget::Kind::standard_output:
      if (std::fwrite(content.data(), 1, content.size(), stdout) != content.size() || std::fflush(stdout) != 0)
        throw std::runtime_error(t.flag + ": error writing standard output: " + errno_text());
      return;
    case OutputTarget::Kind::stream: {
      const int fd = ::open(t.file.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);  // no O_CREAT, no O_TRUNC
      if (fd < 0) throw std::runtime_error(t.flag + ": cannot open '" + t.path + "': " + errno_text());
      try {
        write_all(fd, content, t.path);
      } catch (...) {
        ::close(fd);
        throw;
      }
      ::close(fd);
      return;
    }
  }
}

void install_output_signal_handlers() {
  for (int sig : {SIGINT, SIGTERM}) std::signal(sig, remove_temp_and_reraise);
}

}  // namespace gsb
