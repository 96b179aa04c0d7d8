/* t-hostile.c -- every option of every command against hostile values, run
 * in-process through lp_call (the bindings' entry point, which runs exactly
 * what the program runs).  For each base command line below (one per command
 * and subcommand, small and fast) and each of its options, the option's value
 * is replaced by each of {empty, nan, inf, -inf, -1, 0, 1e400,
 * 99999999999999999999, 0x10, 1.5abc, " 1"}, the option is dropped, and an
 * option of another command is added.  A command behaves when it refuses
 * (exit 2, no record, one message line naming the option) or, where the value
 * is legal, answers (exit 0 or 3 with one JSON record holding no NaN, inf or
 * "?"), within 30 seconds.  One TAP line per (command, option), and the count
 * of tried / behaving.  The base lines are checked against the program's own
 * help: every option with a value that `leakproof COMMAND --help` names must
 * be in some base line of COMMAND, so a new option cannot miss the matrix.
 * @SRC@ in a base line is the source tree (files the command reads), @CASES@
 * a small case file written for verify. */
#include <signal.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "leakproof.h"
#include "tap.h"

static const char *const bases[] = {
    "eval gauss --p 5 --sigma 1 --radius 1 --digits 10",
    "eval vmf --p 5 --kappa 1 --form printed",
    "eval laplace-l1 --p 5 --b 1 --radius 1",
    "eval gauss-layers --sigma 1 --clip 1 --layers 2,3",
    "eval gauss-layers --sigma 1 --clip 1 --layers-file @SRC@/cases/networks/lenet.layers",
    "eval gauss --p 5 --noise-multiplier 1 --clip 1 --secret batch --batch 4",
    "eval gauss --params-from @SRC@/cases/networks/lenet.layers --noise-multiplier 1 --clip 1",
    "eval gauss --p 50 --sigma 1 --radius 1 --method double --compare",
    "eval gauss --p 50 --sigma 1 --radius 1 --method mpfr --prec 100",
    "eval gauss --p 5 --sigma 1 --radius 1 --ratio-to sigma=2",
    "overflow gauss --method double --sigma-grid 1 --radius 1 --p-max 1000",
    "overflow gauss --method double --form printed --sigma 1 --radius-grid 1 --p-max 1000",
    "overflow vmf --method logdouble --kappa-grid 1 --p-max 1000",
    "overflow vmf --method logdouble --kappa-grid 1 --p-max 1000 --max-seconds 100 --estimate",
    "overflow laplace-l1 --method double --b-grid 0.1 --radius 1 --p-max 1000",
    "overflow laplace-l1 --method double --b 0.1 --radius-grid 1 --p-max 1000",
    "overflow account --method double --noise-multiplier-grid 1 --sampling-rate 0.01 --steps 10 "
    "--delta 1e-5 --order 8 --order-max 100 --map 0",
    "channel capacity --eigenvalues 1,2 --noise-variance 1",
    "channel capacity --eigenvalues-file @SRC@/cases/tan/eig.txt --noise-variance 1",
    "channel natural --eigenvalues 1,2 --capacity 1",
    "channel natural --eigenvalues-file @SRC@/cases/tan/eig.txt --capacity 1 --digits 1000 --max-seconds 100 "
    "--estimate",
    "channel natural --data @SRC@/cases/tan/samples.csv --capacity 1",
    "channel white --eigenvalues 1,2 --capacity 1 --digits 10",
    "channel personalized --covariance @SRC@/cases/tan/cov-4.csv --beta @SRC@/cases/tan/beta-4.csv "
    "--capacity 1",
    "channel personalized --covariance @SRC@/cases/tan/cov-4.csv --beta @SRC@/cases/tan/beta-4.csv "
    "--capacity 1 --max-seconds 100 --estimate",
    "channel white --data @SRC@/cases/tan/samples.csv --capacity 1 --max-seconds 100",
    "channel dp --batch 64 --clip 1 --noise-multiplier 0.8",
    "channel dp --batch 64 --clip 1 --epsilon 1 --delta 1e-5",
    "channel toy --digits 10",
    "calibrate gaussian --epsilon 1 --delta 1e-5 --sensitivity 1 --digits 10",
    "calibrate vmf --p 5 --epsilon 1 --delta 1e-5 --digits 10",
    "calibrate vmf --p 5 --sensitivity 1 --epsilon 1 --delta 1e-5",
    "calibrate laplace-l1 --radius 1 --epsilon 1 --delta 1e-5",
    "calibrate laplace-l1 --sensitivity 1 --epsilon 1 --delta 1e-5",
    "mc gauss --p 2 --sigma 1 --radius 1 --samples 200 --seed 1 --threads 1 --sup-checks 10 --max-seconds 100",
    "mc gauss --p 2 --sigma 1 --radius 1 --samples 200 --seed 1 --threads 1 --progress",
    "mc gauss --p 2 --sigma 1 --radius 1 --samples 200 --seed 1 --max-seconds 100 --estimate",
    "mc vmf --p 3 --kappa 1 --samples 200 --seed 1 --threads 1",
    "mc laplace --p 2 --b 1 --radius 1 --clip l1 --samples 200 --seed 1 --threads 1",
    "mc gauss-layers --sigma 1 --clip 1 --layers 1,2 --samples 200 --seed 1 --threads 1",
    "mc discrete --p 1 --sigma 1 --radius 1",
    "adversary gaussian --d 2 --prior-var 1 --gain 1 --noise 1 --delta 1 --samples 100 --seed 1 --max-seconds 100 "
    "--digits 10",
    "adversary jensen --d 2 --prior-var 1 --gain 1 --noise 1 --delta 1 --g-norm 0 --seed 1 --digits 10",
    "adversary laplace --delta 1 --d 2 --gain 1 --b 1 --samples 100 --seed 1",
    "adversary attacks --d 2 --m 2 --b 0.1 --trials 10 --seed 1 --max-seconds 100",
    "adversary attacks --d 2 --m 2 --b 0.1 --trials 10 --seed 1 --max-seconds 100 --estimate",
    "adversary link --sigma 1 --radius 1 --delta 1 --samples 100 --seed 1 --digits 10",
    "adversary linear-layer --grad-bias 0.5 --grad-weight 1,2 --rel-error 0.01 --digits 10",
    "account --noise-multiplier 1 --batch 2 --dataset-size 100 --epochs 1 --delta 1e-5 --sampling opacus --orders 2,4",
    "account --noise-multiplier 1 --batch 2 --dataset-size 100 --epochs 1 --delta 1e-5 --steps-rule opacus --orders 2,4",
    "account --noise-multiplier 1 --sampling-rate 0.01 --steps 10 --delta 1e-5 --orders 2,4 "
    "--method arb --digits 10",
    "account --epsilon 2 --sampling-rate 0.01 --steps 10 --delta 1e-5 --orders 2,8,32 --resolution 2",
    "account --phase 1,0.01,10 --phase 2,1/50,5 --delta 1e-5 --orders 2,4 --digits 6",
    /* --plot's value is checked before the budget; --estimate: no figure is drawn */
    "account --noise-multiplier 1 --sampling-rate 0.01 --steps 10 --delta 1e-5 --orders 2,4 "
    "--plot t-hostile.svg --estimate",
    "account --noise-multiplier 1 --sampling-rate 0.01 --steps 10 --delta-for-epsilon 1 --orders 2,4 --digits 6",
    "account --noise-multiplier 1 --sampling-rate 0.01 --steps 10 --delta 1e-5 --relation replace --orders 2,4",
    "account --noise-multiplier 1 --stated-epsilon 2.0 --batch 64 --epochs 1 --delta 1e-5 --orders 2,8,32",
    "account --mechanism vmf --kappa 1 --p 5 --sampling-rate 0.01 --steps 10 --delta 1e-5 "
    "--sensitivity 1 --orders 2,4 --per-order --digits 6",
    "account --noise-multiplier 1 --sampling-rate 0.01 --steps 10 --delta 1e-5 --orders 2,999.5 --max-seconds 1 "
    "--estimate",
    "calibrate vmf --p 5 --epsilon 1 --delta 1e-5 --digits 1000 --max-seconds 1 --estimate",
    "dp gauss --p 5 --sigma 1 --radius 1 --epsilon 1 --digits 10",
    "dp gauss --p 5 --sigma 1 --sensitivity 1 --delta 1e-5",
    "dp vmf --p 5 --kappa 1 --epsilon 0.5",
    "dp vmf --p 5 --kappa 1 --neighbours secrets --delta 1e-5",
    "dp vmf --p 5 --kappa 1 --sensitivity 1 --order 2",
    "dp vmf --p 5 --kappa 1 --epsilon 0.5 --digits 1000 --max-seconds 1 --estimate",
    "dp vmf --p 5 --kappa 1 --sensitivity 1 --epsilon 0.5",
    "dp vmf --p 5 --kappa 1 --sensitivity 1.5 --delta 1e-5",
    "dp laplace-l1 --p 5 --b 1 --radius 1 --order 2",
    "account --accountant pld --noise-multiplier 1 --sampling-rate 0.01 --steps 10 --delta 1e-5 "
    "--relation remove --width 0.1 --digits 6 --max-grid-size 65536",
    "account --accountant pld --noise-multiplier 1 --sampling-rate 0.01 --steps 10 "
    "--delta-for-epsilon 1 --relation add --width 0.1",
    "account --accountant pld --mechanism epsdelta --step-epsilon 1 --step-delta 1e-7 --sampling-rate 0.01 "
    "--steps 10 --delta 1e-5 --width 0.1",
    /* fixed-size batches under the PLD accountant (issue 33): rate and steps, and from B/N */
    "account --accountant pld --sampling fixed-batch --noise-multiplier 1 --sampling-rate 0.01 "
    "--steps 10 --delta 1e-5 --relation replace --width 0.1 --digits 6",
    "account --accountant pld --sampling fixed-batch --noise-multiplier 1 --batch 2 --dataset-size 100 "
    "--epochs 1 --delta 1e-5,1e-6 --delta-for-epsilon 1 --width 0.1",
    "account --accountant pld --mechanism vmf --kappa 10 --p 5 --sampling-rate 0.01 --steps 10 "
    "--delta 1e-5,1e-6 --delta-for-epsilon 30 --relation remove --width 0.1",
    "account --accountant pld --mechanism vmf --kappa 2 --p 5 --sampling-rate 0.1 --steps 10 "
    "--delta 1e-5 --plot t-hostile.svg --estimate",
    "run-capacity --p 5 --sigma 1 --radius 1 --sampling-rate 0.01 --steps 10 --digits 6",
    "run-capacity --p 5 --noise-multiplier 1 --clip 1 --sampling-rate 0.5 --steps 3",
    "run-capacity --params-from @SRC@/cases/networks/lenet.layers --noise-multiplier 1 --clip 1 --batch 256 "
    "--dataset-size 60000 --epochs 1 --steps-rule opacus --max-seconds 30",
    "run-capacity --p 5 --noise-multiplier 1 --clip 1 --sampling-rate 0.5 --steps 3 --estimate",
    /* issue 41: reconstruct and claims in the matrix (reconstruct's --data, the
       digits' file from Debian's python3-sklearn, is left to t-reconstruct-cli) */
    "reconstruct gauss --p 3 --sigma 1 --radius 1 --prior points --n 8 --samples 200 --seed 1 --threads 1 "
    "--ball-radius 0.5 --max-seconds 100",
    "reconstruct vmf --p 3 --kappa 2 --prior sphere-points --n 8 --samples 200 --seed 1 --threads 2",
    "reconstruct vmf --p 8 --kappa 1e17 --samples 200 --seed 1 --threads 1 --progress",
    "reconstruct laplace --p 2 --b 1 --prior gauss --prior-scale 1 --inner 50 --samples 200 --seed 1 --threads 1",
    "reconstruct gauss --p 2 --epsilon 1 --delta 1e-5 --relation any-two --samples 200 --seed 1 --threads 1",
    "reconstruct vmf --p 3 --capacity 1 --samples 200 --seed 1 --threads 1 --max-seconds 100 --estimate",
    "reconstruct gauss --noise-multiplier 2 --sampling-rate 0.5 --steps 2 --prior simplex --n 2 --p 2 "
    "--samples 10 --seed 1 --threads 1",
    "reconstruct gauss --noise-multiplier 2 --batch 1 --dataset-size 2 --epochs 1 --sampling poisson "
    "--prior simplex --n 2 --p 2 --samples 10 --seed 1 --threads 1",
    "claims --ledger @SRC@/cases/claims --no-logs --paper biswas --id biswas/thm-III.1",
    "claims --ledger @SRC@/cases/claims --logs @SRC@/cases --paper tan",
    "claims --ledger @SRC@/cases/claims --release @SRC@/reports/records.json --paper balunovic",
    "verify --threads 1 @CASES@",
    "verify --threads 1 @CASES@ --progress",
    "verify --threads 1 @CASES@ --max-seconds 100 --estimate",
    /* --record's file: the value checked at the door; --estimate writes none */
    "verify --threads 1 @CASES@ --record t-hostile-verify.json --estimate",
    "forms",
};

static const char *const hostile[] = {
    "", "nan", "inf", "-inf", "-1", "0", "1e400", "99999999999999999999", "0x10", "1.5abc", " 1",
};

static const char *current;
static char src_dir[1024], cases_file[64];

/* base with @SRC@ and @CASES@ replaced (malloc'd) */
static char *
expand(const char *base)
{
    size_t cap = strlen(base) + 1;
    char *out, *w;
    for (const char *c = base; (c = strchr(c, '@')) != NULL; c++)
        cap += sizeof src_dir + sizeof cases_file;
    out = w = malloc(cap);
    while (*base) {
        if (strncmp(base, "@SRC@", 5) == 0) {
            w += sprintf(w, "%s", src_dir);
            base += 5;
        } else if (strncmp(base, "@CASES@", 7) == 0) {
            w += sprintf(w, "%s", cases_file);
            base += 7;
        } else
            *w++ = *base++;
    }
    *w = '\0';
    return out;
}

/* Every option with a value that `leakproof cmd --help` names (flags left
 * out) is in a base line of cmd; one TAP line per command. */
static void
options_covered(const char *cmd)
{
    /* options without a value, and configure's --with-mpi that mc's help mentions */
    static const char *const flags[] = { "--json", "--csv", "--compare", "--help", "--version",
                                         "--with-mpi", "--per-order" };
    char *words = strdup(cmd), *save = NULL;
    const char *argv[4];
    size_t argc = 0;
    char *out = NULL, *err = NULL, missing[1000] = "", seen[4000] = " ";
    int found = 0;
    for (char *w = strtok_r(words, " ", &save); w && argc < 3; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    argv[argc++] = "--help";
    lp_call(argv, argc, &out, &err);
    free(words);
    for (const char *c = out ? out : ""; (c = strstr(c, "--")) != NULL;) {
        char opt[64];
        size_t len = 2;
        int flag = 0, covered = 0;
        while (len < sizeof opt - 1 && ((c[len] >= 'a' && c[len] <= 'z') || (c[len] >= '0' && c[len] <= '9')
                                        || (c[len] == '-' && c[len + 1] != '-')))
            len++;
        memcpy(opt, c, len);
        opt[len] = '\0';
        c += len;
        if (len < 4 || !(opt[2] >= 'a' && opt[2] <= 'z'))
            continue;
        for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++)
            flag |= strcmp(opt, flags[f]) == 0;
        if (strcmp(cmd, "reconstruct") == 0 && strcmp(opt, "--data") == 0)
            flag = 1;           /* the digits' file from python3-sklearn: t-reconstruct-cli */
        if (flag)
            continue;
        {
            char word[70];
            snprintf(word, sizeof word, " %s ", opt);
            if (strstr(seen, word) || strlen(seen) + len + 2 >= sizeof seen)
                continue;
            strcat(seen, word + 1);
        }
        found++;
        for (size_t b = 0; b < sizeof bases / sizeof bases[0] && !covered; b++) {
            const char *hit = bases[b];
            if (strncmp(bases[b], cmd, strlen(cmd)) != 0 || bases[b][strlen(cmd)] != ' ')
                continue;
            while ((hit = strstr(hit, opt)) != NULL && !covered) {
                covered = hit[len] == ' ' || hit[len] == '\0';
                hit += len;
            }
        }
        if (!covered && strlen(missing) + len + 2 < sizeof missing)
            snprintf(missing + strlen(missing), sizeof missing - strlen(missing), " %s", opt);
    }
    tap_ok(found > 0 && missing[0] == '\0', "every option with a value in `leakproof %s --help` (%d) is in "
           "the matrix%s%s", cmd, found, missing[0] ? "; missing:" : "", missing);
    lp_free(out);
    lp_free(err);
}

static void
on_alarm(int sig)
{
    (void) sig;
    printf("not ok - leakproof %s: ran past 30 s\n", current);
    fflush(stdout);
    _exit(1);
}

/* 1 when the record holds no number that is not one: NaN, inf, "?" */
static int
record_finite(json_t *v, const char *key)
{
    const char *k;
    json_t *x;
    size_t i;
    if (key && (!strcmp(key, "status") || !strcmp(key, "kind") || !strcmp(key, "note")))
        return 1;           /* names and sentences ("nan" is a status) */
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        return strcasecmp(s, "nan") && strcasecmp(s, "inf") && strcasecmp(s, "-inf")
               && strcasecmp(s, "+inf") && strcmp(s, "?");
    }
    if (json_is_object(v)) {
        json_object_foreach(v, k, x)
            if (!record_finite(x, k))
                return 0;
    }
    if (json_is_array(v)) {
        json_array_foreach(v, i, x)
            if (!record_finite(x, key))
                return 0;
    }
    return 1;
}

/* 1 when the command behaves; else 0 with the reason in why */
static int
behaves(const char *opt, const char *const *argv, size_t argc, char *why, size_t len)
{
    char *out = NULL, *err = NULL;
    int rc, ok = 0;
    alarm(30);
    rc = lp_call(argv, argc, &out, &err);
    alarm(0);
    if (rc == 2) {
        size_t lines = 0;
        for (const char *c = err; c && *c; c++)
            lines += *c == '\n';
        if (out && *out)
            snprintf(why, len, "exit 2 with output");
        else if (err == NULL || lines != 1)
            snprintf(why, len, "exit 2 with %zu message lines", lines);
        else if (strstr(err, opt) == NULL)
            snprintf(why, len, "the message does not name %s: %.200s", opt, err);
        else
            ok = 1;
    } else if (strcmp(argv[0], "verify") == 0 && rc == 0) {
        ok = out && strncmp(out, "TAP", 3) == 0 ? 1 : out && strstr(out, "1..") != NULL;
        ok = ok || (out && strstr(out, "estimated_seconds") != NULL);     /* --estimate: a record */
        if (!ok)
            snprintf(why, len, "verify: exit 0 without TAP");
    } else if (rc == 0 || rc == 3) {
        json_error_t e;
        json_t *j = out ? json_loads(out, 0, &e) : NULL;
        if (j == NULL || !json_is_object(j))
            snprintf(why, len, "exit %d without one JSON record", rc);
        else if (!record_finite(j, NULL))
            snprintf(why, len, "exit %d: NaN, inf or '?' in %.200s", rc, out);
        else
            ok = 1;
        json_decref(j);
    } else {
        snprintf(why, len, "exit %d: %.200s", rc, err ? err : "");
    }
    lp_free(out);
    lp_free(err);
    return ok;
}

/* ---- the host process (issue 21): what a program that embeds the library
 * met; each line failed before its fix ------------------------------------ */

/* lp_call with the arguments of a NULL-terminated list */
static int
host_call(char **out, char **err, const char *const *args)
{
    size_t n = 0;
    while (args[n])
        n++;
    int rc;
    *out = *err = NULL;
    rc = lp_call(args, n, out, err);
    if (*err && strchr(*err, '\n') == *err + strlen(*err) - 1)
        (*err)[strlen(*err) - 1] = '\0';       /* one message line, shown on the TAP line */
    return rc;
}

static void
host_process(void)
{
    char *out, *err, *nines = malloc(100), *eps = malloc(65600), name[128];
    int rc;

    rc = host_call(&out, &err, (const char *const[]) { "account", "--order", "8", "--noise-multiplier", "1",
                   "--sampling-rate", "0.01", "--steps", "10", "--delta", "1e-5", NULL });
    tap_ok(rc == 2 && out == NULL && err && strstr(err, "'--order'"),
           "host: account --order 8 is refused, not taken as --orders (exit %d: %.120s)", rc, err ? err : "");
    lp_free(out), lp_free(err);
    rc = host_call(&out, &err, (const char *const[]) { "eval", "gauss", "--p", "3", "--sigma", "1", "--sigma",
                   "2", "--radius", "1", NULL });
    tap_ok(rc == 2 && out == NULL && err && strstr(err, "--sigma") && strstr(err, "more than once"),
           "host: a repeated option is refused, named (exit %d: %.120s)", rc, err ? err : "");
    lp_free(out), lp_free(err);
    setenv("POSIXLY_CORRECT", "1", 1);
    rc = host_call(&out, &err, (const char *const[]) { "eval", "gauss", "--p", "3", "--sigma", "1", "--radius",
                   "1", NULL });
    unsetenv("POSIXLY_CORRECT");
    tap_ok(rc == 0 && out != NULL, "host: POSIXLY_CORRECT=1 changes nothing (eval gauss --p 3 ...: exit %d)", rc);
    lp_free(out), lp_free(err);
    rc = host_call(&out, &err, (const char *const[]) { "eval", "gauss", "--p", "3", "--sigma", "1", "--radius",
                   "1", "--ratio-to", "", NULL });
    tap_ok(rc == 2 && out == NULL && err && strstr(err, "--ratio-to"),
           "host: --ratio-to '' is refused (exit %d: %.120s)", rc, err ? err : "");
    lp_free(out), lp_free(err);
    rc = host_call(&out, &err, (const char *const[]) { "eval", "gauss", "--p", "3", "--sigma", "1e-100001",
                   "--radius", "1", NULL });
    tap_ok(rc == 2 && err && strstr(err, "exponent") && !strstr(err, "> 0"),
           "host: --sigma 1e-100001 is refused for its exponent, not as <= 0 (%.160s)", err ? err : "");
    lp_free(out), lp_free(err);
    rc = host_call(&out, &err, (const char *const[]) { "eval", "gauss", "--p", "3", "--noise-multiplier",
                   "1e-100000", "--clip", "1e-100000", NULL });
    tap_ok(rc == 2 && err && strstr(err, "--noise-multiplier") && !strstr(err, "--sigma"),
           "host: --noise-multiplier 1e-100000 --clip 1e-100000 names the options given, not --sigma (%.160s)",
           err ? err : "");
    lp_free(out), lp_free(err);
    /* 1e6 + 10^-65517: above the bound by one unit in the 65,518th digit */
    strcpy(eps, "1000000.");
    memset(eps + 8, '0', 65509);
    strcpy(eps + 8 + 65509, "1");
    rc = host_call(&out, &err, (const char *const[]) { "calibrate", "gaussian", "--epsilon", eps, "--delta",
                   "0.5", "--digits", "5", NULL });
    tap_ok(rc == 2 && out == NULL, "host: calibrate --epsilon 1e6 + 10^-65517 (%zu digits) is refused (exit %d)",
           strlen(eps) - 1, rc);
    lp_free(out), lp_free(err);
    strcpy(nines, "0.");
    memset(nines + 2, '9', 78);
    nines[80] = '\0';
    rc = host_call(&out, &err, (const char *const[]) { "account", "--noise-multiplier", "1", "--sampling-rate",
                   nines, "--steps", "10", "--delta", nines, "--orders", "2,8", NULL });
    tap_ok(rc == 0 && out != NULL, "host: account --sampling-rate and --delta 0.(78 nines) are legal (exit %d%s%.120s)",
           rc, err ? ": " : "", err ? err : "");
    lp_free(out), lp_free(err);
    rc = host_call(&out, &err, (const char *const[]) { "account", "--epsilon", "1e-300", "--sampling-rate", "0.01",
                   "--steps", "10", "--delta", "1e-5", NULL });
    tap_ok(rc == 1 && out && strstr(out, "\"status\":\"not_found\"") && strstr(out, "\"noise_multiplier\":null"),
           "host: account --epsilon 1e-300 exits 1 with a record saying not_found (%.160s)", out ? out : "(none)");
    lp_free(out), lp_free(err);
    /* a case file whose name injects a TAP line, and one that is not UTF-8 */
    {
        char dir[] = "/tmp/t-hostile-names-XXXXXX", inj[300], bad[300];
        FILE *f;
        int lines = 0;
        if (mkdtemp(dir) != NULL) {
            snprintf(inj, sizeof inj, "%s/nl\nnot ok 999 - injected # SKIP x.cases", dir);
            snprintf(bad, sizeof bad, "%s/b\xff\xfe.cases", dir);
            if ((f = fopen(inj, "w")) != NULL) {
                fputs("gauss p=1 sigma=1 radius=1 samples=20000 seed=1\n", f);
                fclose(f);
            }
            if ((f = fopen(bad, "w")) != NULL) {
                fputs("gauss p=1 sigma=1 radius=1 samples=20000 seed=1\n", f);
                fclose(f);
            }
            rc = host_call(&out, &err, (const char *const[]) { "verify", "--threads", "1", inj, NULL });
            for (const char *c = out; c && (c = strstr(c, "\nnot ok 999")) != NULL; c++)
                lines++;
            tap_ok(rc == 0 && out && lines == 0 && strstr(out, "1.."),
                   "host: a newline in a case file's name injects no TAP line (%d injected)", lines);
            lp_free(out), lp_free(err);
            rc = host_call(&out, &err, (const char *const[]) { "verify", "--json", "--threads", "1", bad, NULL });
            tap_ok(rc == 0 && out && !strstr(out, "\"files\":[]") && strstr(out, "\"file\":")
                   && strstr(out, "\\\\xff\\\\xfe"),
                   "host: a file name that is not UTF-8 keeps \"files\" and \"file\", its bytes as \\xHH (%.100s)",
                   out ? out : "(none)");
            lp_free(out), lp_free(err);
            unlink(inj);
            unlink(bad);
            rmdir(dir);
        }
    }
    snprintf(name, sizeof name, "/dev/zero");
    alarm(30);
    rc = host_call(&out, &err, (const char *const[]) { "verify", name, NULL });
    alarm(0);
    tap_ok(rc == 2 && out == NULL, "host: verify /dev/zero is refused at once (exit %d: %.100s)", rc, err ? err : "");
    lp_free(out), lp_free(err);
    alarm(30);
    rc = host_call(&out, &err, (const char *const[]) { "channel", "natural", "--eigenvalues-file", name,
                   "--capacity", "1", NULL });
    alarm(0);
    tap_ok(rc == 2 && out == NULL && err && strstr(err, "--eigenvalues-file"),
           "host: --eigenvalues-file /dev/zero is refused at once (exit %d)", rc);
    lp_free(out), lp_free(err);
    /* the work budget: an hour's Monte Carlo is declined up front, with its estimate */
    rc = host_call(&out, &err, (const char *const[]) { "mc", "gauss", "--p", "6", "--sigma", "0.8", "--radius",
                   "1.2", "--samples", "1e12", "--seed", "1", NULL });
    tap_ok(rc == 2 && out == NULL && err && strstr(err, "--samples") && strstr(err, "--max-seconds"),
           "host: mc --samples 1e12 is declined with its estimate (%.160s)", err ? err : "");
    lp_free(out), lp_free(err);
    rc = host_call(&out, &err, (const char *const[]) { "adversary", "attacks", "--d", "64", "--m", "64",
                   "--trials", "10000000", NULL });
    tap_ok(rc == 2 && out == NULL && err && strstr(err, "--trials") && strstr(err, "--max-seconds"),
           "host: adversary attacks --d 64 --m 64 --trials 1e7 is declined with its estimate (%.160s)",
           err ? err : "");
    lp_free(out), lp_free(err);
    rc = host_call(&out, &err, (const char *const[]) { "adversary", "gaussian", "--d", "1000000", "--prior-var",
                   "1", "--gain", "1", "--noise", "1", "--delta", "1", "--samples", "1000000000", NULL });
    tap_ok(rc == 2 && out == NULL && err && strstr(err, "--samples") && strstr(err, "--max-seconds"),
           "host: adversary gaussian --d 1e6 --samples 1e9 is declined with its estimate (%.160s)", err ? err : "");
    lp_free(out), lp_free(err);
    alarm(30);
    rc = host_call(&out, &err, (const char *const[]) { "eval", "gauss", "--p", "5", "--sigma", "1", "--radius", "1",
                   "--method", "mpfr", "--prec", "100000", NULL });
    alarm(0);
    tap_ok(rc == 0 && out && strstr(out, "\"status\":\"declined\"") && strstr(out, "budget"),
           "host: eval --method mpfr --prec 100000 (over 600 s) is declined up front with its estimate (%.200s)",
           out ? out : "(none)");
    lp_free(out), lp_free(err);
    free(nines);
    free(eps);
}


/* ---- the PLD accountant in a host (issue 31): each case hung, crashed or
 * answered "certified" with a null bound before its fix; each must now end
 * within seconds, declined with its reason (exit 2, one line, no record) or
 * answered (exit 0, or 3 with "certified": false and why) ---------------- */

static double
wall_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

static void
host_pld(void)
{
    static const struct {
        const char *M, *q, *T, *delta, *extra, *want;    /* want: "2" declined, "0|3" answered */
    } c[] = {
        { "1.1", "1e-12", "1000000000", "1e-5", "--estimate", "2" },
        { "1.1", "1e-12", "1000000000", "1e-5", NULL, "2" },
        { "1.1", "1e-9", "1000000000", "1e-5", "--estimate", "02" },
        { "0.1", "0.99", "1000000000", "1e-5", NULL, "2" },
        { "0.3", "0.5", "1000000000", "1e-5", "--estimate", "2" },
        { "100", "0.5", "1000000000", "1e-5", "--estimate", "0" },
        { "1.1", "0.5", "100000000", "1e-5", "--estimate", "2" },
        { "1.1", "0.01", "1000", "1e-320", NULL, "2" },
        { "1.1", "1e-400", "1000", "1e-5", NULL, "2" },
        { "0.5", "0.01", "1000", "1e-15", NULL, "03" },
        { "1.1", "1", "1000", "1e-300", NULL, "0" },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        const char *args[16] = { "account", "--accountant", "pld", "--noise-multiplier", c[i].M,
                                 "--sampling-rate", c[i].q, "--steps", c[i].T, "--delta", c[i].delta };
        size_t n = 11;
        char *out = NULL, *err = NULL, code[4];
        double t0 = wall_now(), secs;
        int rc, ok;
        if (c[i].extra)
            args[n++] = c[i].extra;
        if (c[i].extra && strcmp(c[i].extra, "--width") == 0)
            args[n++] = "1e-4";
        alarm(30);
        rc = lp_call(args, n, &out, &err);
        alarm(0);
        secs = wall_now() - t0;
        snprintf(code, sizeof code, "%d", rc);
        ok = strchr(c[i].want, code[0]) != NULL && code[1] == '\0' && secs < 10;
        if (rc == 2)            /* declined: one line, no record */
            ok = ok && out == NULL && err && strchr(err, '\n') == err + strlen(err) - 1;
        else if (out && strstr(out, "\"estimated_seconds\""))
            ok = ok && 1;       /* --estimate: the estimate's record */
        else {                  /* answered: never certified with a null end (the record's own) */
            json_error_t e;
            json_t *j = out ? json_loads(out, 0, &e) : NULL;
            int cert = j && json_is_true(json_object_get(j, "certified"));
            ok = ok && j && !(cert && (json_is_null(json_object_get(j, "epsilon_upper_bound"))
                                       || json_is_null(json_object_get(j, "epsilon_lower_bound"))));
            json_decref(j);
        }
        tap_ok(ok, "host: account --accountant pld M %s q %s T %s delta %s%s%s: exit %d in %.2f s (%.160s)",
               c[i].M, c[i].q, c[i].T, c[i].delta, c[i].extra ? " " : "", c[i].extra ? c[i].extra : "", rc,
               secs, rc == 2 ? (err ? err : "") : (out ? out : "(none)"));
        lp_free(out);
        lp_free(err);
    }
}

int
main(void)
{
    long tried = 0, behaving = 0;
    static const char *const commands[] = { "eval", "overflow", "overflow account", "channel",
                                            "calibrate", "mc", "adversary", "account", "verify", "dp",
                                            "run-capacity", "reconstruct", "claims" };
    signal(SIGALRM, on_alarm);
    snprintf(src_dir, sizeof src_dir, "%s", getenv("srcdir") ? getenv("srcdir") : ".");
    {
        int fd;
        FILE *f;
        strcpy(cases_file, "/tmp/t-hostile-XXXXXX");
        fd = mkstemp(cases_file);
        f = fd >= 0 ? fdopen(fd, "w") : NULL;
        if (f == NULL) {
            printf("Bail out! cannot write a case file in /tmp\n");
            return 1;
        }
        fputs("gauss p=1 sigma=1 radius=1 samples=20000 seed=1\n", f);
        fclose(f);
    }
    for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++)
        options_covered(commands[c]);
    for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++) {
        char *line = expand(bases[b]), *words[40], *save = NULL;
        size_t n = 0;
        current = bases[b];
        for (char *w = strtok_r(line, " ", &save); w; w = strtok_r(NULL, " ", &save))
            words[n++] = w;
        for (size_t i = 0; i < n; i++) {
            const char *argv[44];
            char why[400], bad[4000] = "";
            size_t m;
            if (strncmp(words[i], "--", 2) != 0 || i + 1 >= n || strncmp(words[i + 1], "--", 2) == 0)
                continue;       /* options with a value */
            /* missing: the option and its value dropped */
            m = 0;
            for (size_t k = 0; k < n; k++)
                if (k != i && k != i + 1)
                    argv[m++] = words[k];
            tried++;
            if (behaves(words[i], argv, m, why, sizeof why))
                behaving++;
            else
                snprintf(bad + strlen(bad), sizeof bad - strlen(bad), " [missing: %s]", why);
            for (size_t h = 0; h < sizeof hostile / sizeof hostile[0]; h++) {
                for (size_t k = 0; k < n; k++)
                    argv[k] = k == i + 1 ? hostile[h] : words[k];
                tried++;
                if (behaves(words[i], argv, n, why, sizeof why))
                    behaving++;
                else
                    snprintf(bad + strlen(bad), sizeof bad - strlen(bad), " ['%s': %s]", hostile[h], why);
            }
            tap_ok(bad[0] == '\0', "leakproof %s: %s behaves for every hostile value%s", bases[b],
                   words[i], bad);
        }
        {
            /* an option of another command */
            const char *foreign = strstr(bases[b], "--kappa") ? "--eigenvalues" : "--kappa";
            const char *argv[44];
            char why[400] = "";
            for (size_t k = 0; k < n; k++)
                argv[k] = words[k];
            argv[n] = foreign;
            argv[n + 1] = "1";
            tried++;
            behaving += behaves(foreign, argv, n + 2, why, sizeof why);
            tap_ok(why[0] == '\0', "leakproof %s %s 1: refused, naming it%s%s", bases[b], foreign,
                   why[0] ? ": " : "", why);
        }
        free(line);
    }
    unlink(cases_file);
    current = "host process";
    host_process();
    host_pld();
    tap_diag("hostile inputs: %ld tried, %ld behaving", tried, behaving);
    flint_cleanup();
    return tap_done();
}
