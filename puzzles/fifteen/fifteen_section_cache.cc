#include "puzzles/fifteen/fifteen_section_cache.h"

#include <dirent.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace puzzle {

absl::Status WriteFifteenSectionCache(const std::string& dir,
                                      const std::vector<FifteenTableSection>& sections) {
  if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
    return absl::UnavailableError(absl::StrCat("cannot create ", dir, ": ", strerror(errno)));
  }
  for (const FifteenTableSection& section : sections) {
    const std::string path = absl::StrCat(dir, "/", section.name);
    const std::string temporary = path + ".tmp";
    {
      std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
      out.write(reinterpret_cast<const char*>(section.bytes.data()),
                static_cast<std::streamsize>(section.bytes.size()));
      if (!out) return absl::UnavailableError(absl::StrCat("cannot write ", temporary));
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
      return absl::UnavailableError(
          absl::StrCat("cannot rename ", temporary, ": ", strerror(errno)));
    }
  }
  return absl::OkStatus();
}

FifteenSectionMap FifteenSectionCache::View() const {
  FifteenSectionMap map;
  for (const auto& [name, data] : bytes) map[name] = data;
  return map;
}

absl::StatusOr<FifteenSectionCache> ReadFifteenSectionCache(const std::string& dir) {
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) {
    return absl::NotFoundError(absl::StrCat("cannot open ", dir, ": ", strerror(errno)));
  }
  FifteenSectionCache cache;
  std::vector<std::string> names;
  while (dirent* entry = readdir(d)) {
    const std::string name = entry->d_name;
    if (absl::StartsWith(name, "fifteen_") && !absl::EndsWith(name, ".tmp")) names.push_back(name);
  }
  closedir(d);
  for (const std::string& name : names) {
    const std::string path = absl::StrCat(dir, "/", name);
    std::FILE* file = std::fopen(path.c_str(), "rb");
    struct stat info;
    if (file == nullptr || fstat(fileno(file), &info) != 0) {
      if (file != nullptr) std::fclose(file);
      return absl::UnavailableError(absl::StrCat("cannot read ", path, ": ", strerror(errno)));
    }
    std::string& data = cache.bytes[name];
    data.resize(static_cast<size_t>(info.st_size));
    const size_t read = std::fread(data.data(), 1, data.size(), file);
    std::fclose(file);
    if (read != data.size()) return absl::UnavailableError(absl::StrCat("short read of ", path));
  }
  return cache;
}

}  // namespace puzzle
