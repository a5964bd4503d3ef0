// Command-line text: one list grammar for every list flag, whole numbers, and values made printable on one line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gsb {

// Every list flag (--algo, --n, --type, --values, --order, --dist) reads the same grammar: items separated by
// commas, blanks around an item ignored; an empty item (",,", a leading or trailing comma) or an empty list is
// refused: UsageError("FLAG: 'TEXT' has an empty list item").
std::vector<std::string_view> split_list(std::string_view flag, std::string_view text);

// TEXT without the blanks (isspace) at either end.
std::string_view trim(std::string_view text);

// A whole number 0..2^64-1 in decimal digits (no sign, no blanks, no exponent); UsageError naming FLAG and TEXT.
std::uint64_t parse_whole_number(std::string_view flag, std::string_view text);

// TEXT with control characters written as escapes (\n, \r, \t, \xNN), so that a value never splits a message
// or a table row.
std::string printable(std::string_view text);

// Progress and notes go to standard error; a failed write there (a full disk, a closed pipe) is ignored: it never
// stops a run (fmt::print would throw).
void print_stderr(std::string_view text);

// Writes TEXT to standard output and flushes it; throws std::runtime_error when that fails (a full disk, a closed
// pipe): results that did not reach the reader are an error, never silently lost.
void print_stdout(std::string_view text);

}  // namespace gsb
