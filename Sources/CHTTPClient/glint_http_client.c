#include "glint_http_client.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct glint_http_client {
    CURL *curl;
    long connect_timeout_s;
};

static pthread_once_t global_init = PTHREAD_ONCE_INIT;

static void init_curl(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

glint_http_client *glint_http_client_open(long connect_timeout_s) {
    pthread_once(&global_init, init_curl);
    glint_http_client *client = calloc(1, sizeof *client);
    if (!client) return NULL;
    client->curl = curl_easy_init();
    if (!client->curl) {
        free(client);
        return NULL;
    }
    client->connect_timeout_s = connect_timeout_s;
    return client;
}

void glint_http_client_close(glint_http_client *client) {
    if (!client) return;
    curl_easy_cleanup(client->curl);
    free(client);
}

/* The body being received and its buffer's size. */
typedef struct {
    glint_http_response *response;
    size_t capacity;
} receiving;

/* Appends a chunk of the body, doubling the buffer as it grows; 0 (an error to libcurl) when out of memory. */
static size_t append(char *data, size_t size, size_t count, void *context) {
    receiving *into = context;
    glint_http_response *response = into->response;
    size_t bytes = size * count;
    if (response->length + bytes > into->capacity) {
        size_t wanted = into->capacity ? into->capacity : 1 << 16;
        while (wanted < response->length + bytes) wanted *= 2;
        char *grown = realloc(response->body, wanted);
        if (!grown) return 0;
        response->body = grown;
        into->capacity = wanted;
    }
    memcpy(response->body + response->length, data, bytes);
    response->length += bytes;
    return bytes;
}

int glint_http_client_post(glint_http_client *client, const char *url, const char *user, const char *password,
                           const void *body, size_t length, glint_http_response *response, char *error,
                           size_t error_size) {
    char message[CURL_ERROR_SIZE] = "";
    CURL *curl = client->curl;
    memset(response, 0, sizeof *response);
    receiving into = {response, 0};
    curl_easy_reset(curl);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)length);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, client->connect_timeout_s);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, message);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, append);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &into);
#if LIBCURL_VERSION_NUM >= 0x075500
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
#else
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
    /* A peer that vanishes mid-query is noticed by TCP keepalive (a long query sends nothing until it ends, so no
       speed limit: ClickHouse's max_execution_time, a setting of the connection string, bounds a query). */
    curl_easy_setopt(curl, CURLOPT_TCP_KEEPALIVE, 1L);
    curl_easy_setopt(curl, CURLOPT_TCP_KEEPIDLE, 30L);
    curl_easy_setopt(curl, CURLOPT_TCP_KEEPINTVL, 10L);
    if (user || password) {
        curl_easy_setopt(curl, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
        curl_easy_setopt(curl, CURLOPT_USERNAME, user ? user : "");
        curl_easy_setopt(curl, CURLOPT_PASSWORD, password ? password : "");
    }
    CURLcode code = curl_easy_perform(curl);
    if (code != CURLE_OK) {
        glint_http_response_free(response);
        const char *text = message[0] ? message : curl_easy_strerror(code);
        if (error_size) {
            strncpy(error, text, error_size - 1);
            error[error_size - 1] = 0;
        }
        return -1;
    }
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response->status);
    return 0;
}

void glint_http_response_free(glint_http_response *response) {
    free(response->body);
    response->body = NULL;
    response->length = 0;
}
