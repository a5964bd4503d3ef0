# Dependencies, found the conventional way. scripts/setup.sh installs them from the system's packages; where
# one is still missing and the network allows, FetchContent falls back to a pinned release.
include(FetchContent)

find_package(CUDAToolkit 12.4 REQUIRED)  # brings CCCL (Thrust, CUB) with it; the floor: CMakeLists.txt
find_package(OpenMP REQUIRED)

FetchContent_Declare(CLI11
  URL https://github.com/CLIUtils/CLI11/archive/refs/tags/v2.3.2.tar.gz
  FIND_PACKAGE_ARGS 2.0 CONFIG)
# fmt 8.1 is Ubuntu 22.04's (the tree built and its tests passed with it, 2026-12-05); asking for 9 sent that
# system's users to GitHub for a release they did not need.
FetchContent_Declare(fmt
  URL https://github.com/fmtlib/fmt/releases/download/9.1.0/fmt-9.1.0.zip
  FIND_PACKAGE_ARGS 8.1)
FetchContent_Declare(nlohmann_json
  URL https://github.com/nlohmann/json/releases/download/v3.11.2/json.tar.xz
  FIND_PACKAGE_ARGS 3.10)
FetchContent_MakeAvailable(CLI11 fmt nlohmann_json)

if(GSB_BUILD_TESTS)
  FetchContent_Declare(googletest
    URL https://github.com/google/googletest/archive/refs/tags/release-1.12.1.tar.gz
    FIND_PACKAGE_ARGS NAMES GTest)
  FetchContent_MakeAvailable(googletest)
endif()
