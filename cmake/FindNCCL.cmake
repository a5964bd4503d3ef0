# FindNCCL: the NVIDIA Collective Communications Library (header nccl.h, library libnccl.so.2).
#
# Searched, in this order: NCCL_ROOT (CMake or environment variable), the CUDA Toolkit's folders, the system's
# paths, and the project's virtual environment, where `scripts/setup.sh --multi-gpu` installs the pinned pip wheel
# nvidia-nccl-cu12/cu13 (scripts/requirements-multi.txt) as .venv/lib/python3.*/site-packages/nvidia/nccl/
# {include,lib}. The wheel ships only libnccl.so.2 (no unversioned libnccl.so), so that name is searched too.
# The build uses the header; the library is not linked but loaded at run time (backends/multi/nccl_api.cpp), first
# as libnccl.so.2 from the loader's path (a GPU machine's own copy), then as the NCCL_LIBRARY found here.
#
# Defines NCCL_FOUND, NCCL_INCLUDE_DIR, NCCL_LIBRARY, NCCL_VERSION and the imported target NCCL::NCCL.
include(FindPackageHandleStandardArgs)

set(_nccl_hints)
if(DEFINED NCCL_ROOT)
  list(APPEND _nccl_hints ${NCCL_ROOT})
endif()
if(DEFINED ENV{NCCL_ROOT})
  list(APPEND _nccl_hints $ENV{NCCL_ROOT})
endif()
if(CUDAToolkit_LIBRARY_ROOT)
  list(APPEND _nccl_hints ${CUDAToolkit_LIBRARY_ROOT})
endif()
if(CUDAToolkit_INCLUDE_DIRS)
  foreach(_d ${CUDAToolkit_INCLUDE_DIRS})
    get_filename_component(_p ${_d} DIRECTORY)
    list(APPEND _nccl_hints ${_p})
  endforeach()
endif()
file(GLOB _nccl_venv ${PROJECT_SOURCE_DIR}/.venv/lib/python3*/site-packages/nvidia/nccl)

find_path(NCCL_INCLUDE_DIR nccl.h
  HINTS ${_nccl_hints}
  PATH_SUFFIXES include targets/x86_64-linux/include targets/sbsa-linux/include
  PATHS ${_nccl_venv})
find_library(NCCL_LIBRARY NAMES nccl libnccl.so.2
  HINTS ${_nccl_hints}
  PATH_SUFFIXES lib lib64 targets/x86_64-linux/lib targets/sbsa-linux/lib lib/x86_64-linux-gnu
  PATHS ${_nccl_venv})

if(NCCL_INCLUDE_DIR AND EXISTS ${NCCL_INCLUDE_DIR}/nccl.h)
  file(STRINGS ${NCCL_INCLUDE_DIR}/nccl.h _nccl_defs REGEX "^#define NCCL_(MAJOR|MINOR|PATCH) +[0-9]+")
  foreach(_part MAJOR MINOR PATCH)
    string(REGEX MATCH "NCCL_${_part} +([0-9]+)" _m "${_nccl_defs}")
    set(_nccl_${_part} ${CMAKE_MATCH_1})
  endforeach()
  set(NCCL_VERSION ${_nccl_MAJOR}.${_nccl_MINOR}.${_nccl_PATCH})
endif()

find_package_handle_standard_args(NCCL REQUIRED_VARS NCCL_LIBRARY NCCL_INCLUDE_DIR VERSION_VAR NCCL_VERSION)

if(NCCL_FOUND AND NOT TARGET NCCL::NCCL)
  add_library(NCCL::NCCL SHARED IMPORTED)
  set_target_properties(NCCL::NCCL PROPERTIES IMPORTED_LOCATION ${NCCL_LIBRARY}
                                              INTERFACE_INCLUDE_DIRECTORIES ${NCCL_INCLUDE_DIR})
endif()
mark_as_advanced(NCCL_INCLUDE_DIR NCCL_LIBRARY)
