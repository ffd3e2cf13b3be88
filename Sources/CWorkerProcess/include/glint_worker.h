/* Process plumbing for the render server's worker processes, in C because Swift cannot call prctl's varargs and
   posix_spawn's file actions read better here. */
#ifndef GLINT_WORKER_H
#define GLINT_WORKER_H

#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The descriptor a worker reads jobs from and writes replies to. */
#define GLINT_WORKER_CHANNEL 3

/* Starts `argv[0]` (a path) with `argv`, the caller's environment, an empty signal mask and default signal
   actions, standard input from /dev/null, standard output and error shared with the caller, and `channel` as
   descriptor GLINT_WORKER_CHANNEL. Returns the pid, or -1 with errno set. The process is forked by one thread of
   the caller's that lives as long as the caller (started on the first call), whichever thread calls: Linux fires a
   worker's PR_SET_PDEATHSIG when the thread that forked it ends, so a worker forked from a short-lived thread
   would be killed with that thread. */
pid_t glint_worker_spawn(char *const argv[], int channel);

/* In a worker: be killed when the process that started it dies (Linux PR_SET_PDEATHSIG). Returns 0 or -1. */
int glint_worker_die_with_parent(void);

/* In a worker: limit its address space to `bytes` (RLIMIT_AS); 0 leaves it unlimited. Returns 0 or -1. */
int glint_worker_limit_memory(unsigned long long bytes);

#ifdef __cplusplus
}
#endif

#endif
