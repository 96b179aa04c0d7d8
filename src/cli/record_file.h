/* record_file.h -- a command's JSON record written to a file whole or not at
 * all (verify --record): written to a temporary file beside it at the end and
 * renamed over it.  Probed at the door (a temporary file made there and
 * removed), so that a place that cannot be written is bad input before any
 * work; a run that ends without a record (interrupted, failed) leaves
 * whatever the file held. */
#ifndef LP_CLI_RECORD_FILE_H
#define LP_CLI_RECORD_FILE_H

#include "core/record.h"

/* 0 when a file can be created beside `path` (tried: created and removed), or
 * -1 with errno set. */
int lp_record_file_probe(const char *path);
/* Writes the record as JSON (one line and a newline) to a temporary file
 * beside `path` and renames it to `path`; 0, or -1 with errno set (the
 * temporary file removed, `path` untouched). */
int lp_record_file_write(const char *path, const lp_record *rec);

#endif
