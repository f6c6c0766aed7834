/* Creates a copy of an output tree and prints how long that took, for bench/write_floor.py.
 *
 * usage: write_tree SOURCE TARGET THREADS
 *
 * Reads SOURCE's folders and files (their bytes) into memory first, untimed; then times creating TARGET, its
 * folders (shallowest first, one thread) and its files (open, write, close; THREADS threads), and prints the
 * seconds, the folder and file counts and the bytes. Nothing is rendered: this is the file system's part of a build.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct { char *path; char *bytes; size_t size; } File;

static char **folders; static size_t folderCount, folderCapacity;
static File *files; static size_t fileCount, fileCapacity;
static const char *target;
static atomic_size_t nextFile;

static void fail(const char *what, const char *path) { perror(path); fprintf(stderr, "write_tree: %s failed\n", what); exit(1); }

static void addFolder(const char *relative) {
    if (folderCount == folderCapacity) { folderCapacity = folderCapacity ? folderCapacity * 2 : 1024; folders = realloc(folders, folderCapacity * sizeof *folders); }
    folders[folderCount++] = strdup(relative);
}

static void addFile(const char *path, const char *relative) {
    int descriptor = open(path, O_RDONLY);
    if (descriptor < 0) fail("open", path);
    struct stat info;
    if (fstat(descriptor, &info) != 0) fail("stat", path);
    char *bytes = malloc(info.st_size ? info.st_size : 1);
    size_t done = 0;
    while (done < (size_t)info.st_size) {
        ssize_t got = read(descriptor, bytes + done, info.st_size - done);
        if (got <= 0) fail("read", path);
        done += got;
    }
    close(descriptor);
    if (fileCount == fileCapacity) { fileCapacity = fileCapacity ? fileCapacity * 2 : 1024; files = realloc(files, fileCapacity * sizeof *files); }
    files[fileCount++] = (File){strdup(relative), bytes, done};
}

/* Reads a folder breadth first, so that every folder comes after its parent. */
static void readTree(const char *source) {
    addFolder("");
    for (size_t next = 0; next < folderCount; next++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", source, folders[next]);
        DIR *folder = opendir(path);
        if (!folder) fail("opendir", path);
        struct dirent *entry;
        while ((entry = readdir(folder))) {
            if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, "..")) continue;
            char relative[4096], full[4096];
            snprintf(relative, sizeof relative, "%s%s%s", folders[next], *folders[next] ? "/" : "", entry->d_name);
            snprintf(full, sizeof full, "%s/%s", source, relative);
            struct stat info;
            if (lstat(full, &info) != 0) fail("stat", full);
            if (S_ISDIR(info.st_mode)) addFolder(relative); else if (S_ISREG(info.st_mode)) addFile(full, relative);
        }
        closedir(folder);
    }
}

static void *writeFiles(void *unused) {
    (void)unused;
    for (;;) {
        size_t index = atomic_fetch_add(&nextFile, 1);
        if (index >= fileCount) return NULL;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", target, files[index].path);
        int descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (descriptor < 0) fail("create", path);
        if (write(descriptor, files[index].bytes, files[index].size) != (ssize_t)files[index].size) fail("write", path);
        close(descriptor);
    }
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: write_tree SOURCE TARGET THREADS\n"); return 2; }
    target = argv[2];
    int threads = atoi(argv[3]);
    if (threads < 1 || threads > 64) threads = 1;
    readTree(argv[1]);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    if (mkdir(target, 0755) != 0) fail("mkdir", target);
    for (size_t index = 1; index < folderCount; index++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", target, folders[index]);
        if (mkdir(path, 0755) != 0) fail("mkdir", path);
    }
    pthread_t workers[64];
    for (int index = 0; index < threads; index++) pthread_create(&workers[index], NULL, writeFiles, NULL);
    for (int index = 0; index < threads; index++) pthread_join(workers[index], NULL);
    clock_gettime(CLOCK_MONOTONIC, &end);
    size_t bytes = 0;
    for (size_t index = 0; index < fileCount; index++) bytes += files[index].size;
    printf("%.6f %zu %zu %zu\n", (double)(end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9, folderCount - 1, fileCount, bytes);
    return 0;
}
