#include "driver/output_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include <unistd.h>

#include "gsb/error.hpp"

namespace gsb {

namespace {
std::string temp_name(const std::string& path) { return path + ".tmp." + std::to_string(::getpid()); }
}  // namespace

void check_writable(const std::string& flag, const std::string& path) {
  const std::string tmp = temp_name(path);
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) throw UsageError(flag + ": cannot write '" + path + "': " + std::strerror(errno));
  std::fclose(f);
  std::remove(tmp.c_str());
}

void write_file_atomically(const std::string& path, std::string_view content) {
  const std::string tmp = temp_name(path);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write '" + tmp + "': " + std::strerror(errno));
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      throw std::runtime_error("error writing '" + tmp + "'");
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot rename '" + tmp + "' to '" + path + "': " + std::strerror(errno));
  }
}

}  // namespace gsb
