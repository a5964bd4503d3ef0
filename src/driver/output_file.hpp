// Files written atomically: content goes to a temporary beside the target and is renamed over it, so a
// reader (or an interrupted run) never sees a half-written file.
#pragma once

#include <string>
#include <string_view>

namespace gsb {

// Throws UsageError("FLAG: cannot write 'PATH': reason") when PATH's directory does not accept a new file.
void check_writable(const std::string& flag, const std::string& path);

// Writes content to path atomically; throws std::runtime_error on failure.
void write_file_atomically(const std::string& path, std::string_view content);

}  // namespace gsb
