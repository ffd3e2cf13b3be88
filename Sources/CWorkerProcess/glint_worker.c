#include "glint_worker.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

extern char **environ;

/* Starts the process on the calling thread. */
static pid_t spawn_here(char *const argv[], int channel) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    if (posix_spawn_file_actions_init(&actions) != 0) return -1;
    if (posix_spawnattr_init(&attributes) != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return -1;
    }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, channel, GLINT_WORKER_CHANNEL);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    sigdelset(&all, SIGKILL);
    sigdelset(&all, SIGSTOP);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t pid = -1;
    int failed = posix_spawn(&pid, argv[0], &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (failed) {
        errno = failed;
        return -1;
    }
    return pid;
}

/* The spawning thread. Linux sends a worker's PR_SET_PDEATHSIG when the *thread* that forked it ends, not its
   process: a worker started from a thread pool's thread is killed as soon as that thread retires (libdispatch's
   idle threads do after a few seconds). So every worker is forked by this one thread, which is started on first use
   and never ends: workers die with the process that started them, and only then. */
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;  /* one caller's exchange at a time */
static pthread_mutex_t exchange_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t exchange_changed = PTHREAD_COND_INITIALIZER;
static int spawner_running;
static struct {
    char *const *argv;
    int channel;
    int asked;   /* a request waits for the spawner */
    int done;    /* its answer is in pid and error */
    pid_t pid;
    int error;
} exchange;

static void *spawner(void *unused) {
    (void)unused;
    pthread_mutex_lock(&exchange_lock);
    for (;;) {
        while (!exchange.asked) pthread_cond_wait(&exchange_changed, &exchange_lock);
        exchange.asked = 0;
        pthread_mutex_unlock(&exchange_lock);
        pid_t pid = spawn_here(exchange.argv, exchange.channel);
        int error = errno;
        pthread_mutex_lock(&exchange_lock);
        exchange.pid = pid;
        exchange.error = error;
        exchange.done = 1;
        pthread_cond_broadcast(&exchange_changed);
    }
    return NULL;
}

/* Starts the spawning thread unless it runs. Call under spawn_lock. Returns 0, or -1 with errno set. */
static int start_spawner(void) {
    if (spawner_running) return 0;
    pthread_attr_t attributes;
    pthread_t thread;
    if (pthread_attr_init(&attributes) != 0) return -1;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    /* No process signal is handled on it: every signal blocked while it is made, so it starts with them blocked. */
    sigset_t all, before;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &before);
    int failed = pthread_create(&thread, &attributes, spawner, NULL);
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    pthread_attr_destroy(&attributes);
    if (failed) {
        errno = failed;
        return -1;
    }
    spawner_running = 1;
    return 0;
}

pid_t glint_worker_spawn(char *const argv[], int channel) {
    pthread_mutex_lock(&spawn_lock);
    if (start_spawner() != 0) {
        int error = errno;
        pthread_mutex_unlock(&spawn_lock);
        errno = error;
        return -1;
    }
    pthread_mutex_lock(&exchange_lock);
    exchange.argv = argv;
    exchange.channel = channel;
    exchange.done = 0;
    exchange.asked = 1;
    pthread_cond_broadcast(&exchange_changed);
    while (!exchange.done) pthread_cond_wait(&exchange_changed, &exchange_lock);
    pid_t pid = exchange.pid;
    int error = exchange.error;
    pthread_mutex_unlock(&exchange_lock);
    pthread_mutex_unlock(&spawn_lock);
    errno = error;
    return pid;
}

int glint_worker_die_with_parent(void) {
    pid_t parent = getppid();
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    /* The parent may have died just before the call: then the process has a new parent already. */
    return getppid() == parent ? 0 : -1;
}

int glint_worker_limit_memory(unsigned long long bytes) {
    if (bytes == 0) return 0;
    struct rlimit limit = {(rlim_t)bytes, (rlim_t)bytes};
    return setrlimit(RLIMIT_AS, &limit);
}
