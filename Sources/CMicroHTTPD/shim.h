#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// libmicrohttpd's daemon and connection calls are variadic, which Swift cannot call: these
// inline wrappers give them fixed arguments.

/// Starts a daemon of `pool_size` polling threads with no listening socket of its own (connections
/// are handed to it with `MHD_add_connection`), at most `connection_limit` connections, each
/// closed after `timeout_seconds` without traffic, `memory_limit` bytes for a connection's request
/// head and response; `notify` hears of every connection's start and end and `completed` of every
/// request's end.
static inline struct MHD_Daemon *widgethost_mhd_start(
    unsigned int flags, MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_NotifyConnectionCallback notify, MHD_RequestCompletedCallback completed, void *cls,
    unsigned int connection_limit, unsigned int timeout_seconds, size_t memory_limit, size_t stack_size,
    unsigned int pool_size)
{
    return MHD_start_daemon(
        flags | MHD_USE_NO_LISTEN_SOCKET | MHD_USE_ITC, 0, NULL, NULL, handler, handler_cls,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_NOTIFY_CONNECTION, notify, cls,
        MHD_OPTION_NOTIFY_COMPLETED, completed, cls,
        MHD_OPTION_THREAD_STACK_SIZE, stack_size,
        MHD_OPTION_THREAD_POOL_SIZE, pool_size,
        MHD_OPTION_END);
}

/// The socket of `connection`, or -1.
static inline int widgethost_mhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? (int) info->connect_fd : -1;
}
