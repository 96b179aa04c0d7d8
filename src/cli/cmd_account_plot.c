/* cmd_account_plot.c -- `leakproof account ... --plot FILE.svg|FILE.pdf|FILE.png`:
 * the run's privacy profile delta(epsilon) drawn by gnuplot (the report's
 * terminals: svg, pdfcairo, pngcairo): the RDP accountant's certified upper
 * bound (one curve over the orders, rdp/curve.c) and, with --accountant pld,
 * the PLD's certified bracket as a band (one composition per relation,
 * pld/pld_profile.c), on a log scale of delta.  The figure is a picture: the
 * bounds' certified ends are rounded outward to doubles for it; the record
 * carries the points.  Contracts in cmd_account.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
#include <errno.h>
#include <spawn.h>
#include <sys/wait.h>
#include "core/host.h"
#include "cli.h"
#include "cmd_account.h"
#include "account/pld/study/pld_profile.h"
#include "account/rdp/curve.h"

static const char *const cmd = "account";
extern char **environ;

#define PLOT_POINTS 80          /* epsilons on the figure's axis */
#define PLOT_DELTA_MIN "1e-10"  /* the figure's lowest delta (and the PLD grid's) */

static const char *
extension(const char *file)
{
    const char *dot = strrchr(file, '.');
    return dot && strchr(dot, '/') == NULL ? dot + 1 : "";
}

int
lp_account_parse_plot(const lp_account_opts *o)
{
    const char *ext = extension(o->plot);
    const char *bad = o->eps ? "--epsilon (the least multiplier)"
                      : o->stated ? "--stated-epsilon" : o->compare ? "--compare"
                      : o->peer != NULL ? "a --method in doubles" : NULL;
    if (bad)
        return lp_usage_error(cmd, "--plot draws a run's certified profile: it does not take %s", bad);
    if (strcmp(ext, "svg") != 0 && strcmp(ext, "pdf") != 0 && strcmp(ext, "png") != 0)
        return lp_usage_error(cmd, "--plot FILE must end in .svg, .pdf or .png (got '%s')", o->plot);
    if (strpbrk(o->plot, "'\n\r\\") != NULL)
        return lp_usage_error(cmd, "--plot: the file name may not hold a quote, a backslash or a "
                              "line break (got '%s')", o->plot);
    return 0;
}

static double
to_double(const arf_t x, int up)
{
    return arf_get_d(x, up ? ARF_RND_UP : ARF_RND_DOWN);
}

/* one point: eps, the PLD bracket's ends (NaN without), the RDP bound */
typedef struct {
    double eps, pld_lo, pld_hi, rdp;
} point;

/* gnuplot's script: svg, pdfcairo or pngcairo, the band, the curve */
static void
script(FILE *g, const char *data, const char *file, const char *title, int has_pld,
       const char *rdp_title, const char *band_title, double emax)
{
    const char *ext = extension(file);
    if (strcmp(ext, "svg") == 0)
        fputs("set terminal svg size 800,520 font 'sans,12' enhanced background rgb 'white'\n", g);
    else if (strcmp(ext, "pdf") == 0)
        fputs("set terminal pdfcairo size 8in,5.2in font 'sans,10' enhanced\n", g);
    else
        fputs("set terminal pngcairo size 800,520 font 'sans,10' enhanced background rgb 'white'\n", g);
    fprintf(g, "set output '%s'\n", file);
    fprintf(g, "set title '%s'\n", title);
    fputs("set grid lc rgb '#dddddd'\n"
          "set logscale y\n"
          "set format y '10^{%L}'\n"
          "set yrange [" PLOT_DELTA_MIN ":1.5]\n"
          "set xlabel 'ε'\n"
          "set ylabel 'δ(ε)'\n"
          "set key inside left bottom vertical Left reverse samplen 3 spacing 1.2 box opaque\n", g);
    fprintf(g, "set xrange [0:%.10g]\n", emax);
    fprintf(g, "f = '%s'\n", data);
    if (has_pld && rdp_title)
        fprintf(g, "plot f using 1:2:3 with filledcurves lc rgb '#1f77b4' fs transparent solid 0.35 "
                "title '%s', \\\n"
                "     f using 1:3 with lines lc rgb '#1f77b4' lw 1 notitle, \\\n"
                "     f using 1:4 with lines lc rgb '#d62728' lw 2 dt 2 title '%s'\n",
                band_title, rdp_title);
    else if (has_pld)           /* no RDP curve of these mechanisms: the band alone */
        fprintf(g, "plot f using 1:2:3 with filledcurves lc rgb '#1f77b4' fs transparent solid 0.35 "
                "title '%s', \\\n"
                "     f using 1:3 with lines lc rgb '#1f77b4' lw 1 notitle\n", band_title);
    else
        fprintf(g, "plot f using 1:4 with lines lc rgb '#d62728' lw 2 title '%s'\n", rdp_title);
    fputs("set output\n", g);
}

static void
title_of(char *buf, size_t len, const lp_account_opts *o)
{
    if (o->nphases && o->pld) {         /* the phases' mechanisms, named */
        size_t at = (size_t) lp_snprintf(buf, len, "privacy profile of the run: %zu phase%s (",
                                         o->nphases, o->nphases > 1 ? "s" : "");
        for (size_t i = 0; i < o->nphases && at + 20 < len; i++)
            at += (size_t) lp_snprintf(buf + at, len - at, "%s%s", i ? ", " : "",
                                       lp_pld_mech_name(o->pld_phase[i].mech));
        if (at + 2 < len)
            lp_snprintf(buf + at, len - at, ")");
    } else if (o->nphases)
        lp_snprintf(buf, len, "privacy profile of the run: %zu phases%s", o->nphases,
                    o->replace ? ", replace-one" : "");
    else if (o->kappa)                  /* the VMF run */
        lp_snprintf(buf, len, "privacy profile of the run: VMF, kappa = %s, p = %s, q = %s, T = %s",
                    o->kappa, o->p_text ? o->p_text : "?", o->q, o->T ? o->T : "?");
    else
        lp_snprintf(buf, len, "privacy profile of the run: M = %s, q = %s, T = %s%s%s", o->M, o->q,
                    o->T ? o->T : "?", o->fixed_batch ? ", fixed batches" : "",
                    o->replace || (o->pld && o->rel == 3) ? ", replace-one" : "");
    for (char *p = buf; *p; p++)        /* gnuplot's enhanced text and quotes */
        if (*p == '\'' || *p == '_' || *p == '^' || *p == '{' || *p == '}' || *p == '@'
            || *p == '&' || *p == '~' || *p == '\\')
            *p = ' ';
}

/* a temporary file's name in TMPDIR (or /tmp) into path, opened for writing */
static FILE *
temporary(char *path, size_t len, const char *what)
{
    const char *tmp = getenv("TMPDIR");
    FILE *f;
    int fd;
    if (tmp == NULL || *tmp == '\0' || strlen(tmp) > 400 || strpbrk(tmp, "'\n\r\\") != NULL)
        tmp = "/tmp";
    lp_snprintf(path, len, "%s/leakproof-plot-%s-XXXXXX", tmp, what);
    if ((fd = mkstemp(path)) < 0)
        return NULL;
    if ((f = fdopen(fd, "w")) == NULL) {
        close(fd);
        unlink(path);
    }
    return f;
}

/* gnuplot on the script file, its stdout sent to stderr (stdout carries the
 * record alone): its exit status, or -1 when it could not be started */
static int
run_gnuplot(const char *script_path)
{
    posix_spawn_file_actions_t fa;
    char *argv[] = { (char *) "gnuplot", (char *) script_path, NULL };
    pid_t pid;
    int st, rc;
    if (posix_spawn_file_actions_init(&fa) != 0)
        return -1;
    posix_spawn_file_actions_adddup2(&fa, 2, 1);
    rc = posix_spawnp(&pid, "gnuplot", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return -1;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

/* draws pts; 0, or the exit status after a message */
static int
draw(const lp_account_opts *o, const point *pts, size_t n, int has_pld, const char *rdp_title,
     const char *band_title, double emax)
{
    char data[512], scr[512], title[300];
    FILE *f, *g = NULL;
    int rc;
    locale_t old;
    if ((f = temporary(data, sizeof data, "data")) == NULL
        || (g = temporary(scr, sizeof scr, "script")) == NULL) {
        if (f) {
            fclose(f);
            unlink(data);
        }
        fprintf(lp_err(), "leakproof account: --plot: cannot write a temporary file\n");
        return LP_EXIT_FAIL;
    }
    title_of(title, sizeof title, o);
    old = lp_locale_enter();
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%.10e %.10e %.10e %.10e\n", pts[i].eps, pts[i].pld_lo, pts[i].pld_hi, pts[i].rdp);
    script(g, data, o->plot, title, has_pld, rdp_title, band_title, emax);
    lp_locale_leave(old);
    rc = fclose(f) != 0;
    rc |= fclose(g) != 0;
    rc = rc ? -2 : run_gnuplot(scr);
    unlink(data);
    unlink(scr);
    if (rc != 0) {
        fprintf(lp_err(), "leakproof account: --plot: %s; %s not written\n", rc == -2
                ? "cannot write a temporary file" : rc == -1 ? "gnuplot could not be started "
                "(not installed? the README's gnuplot-nox)" : "gnuplot failed", o->plot);
        return LP_EXIT_FAIL;
    }
    return 0;
}

int
lp_account_plot(lp_record *rec, const lp_account_opts *o)
{
    lp_account_request req = { .M = o->M, .q = o->q, .delta = "0.5", .steps = o->steps,
                               .orders = &o->orders, .peer = NULL, .digits = o->digits,
                               .phase = o->phase, .nphases = o->nphases,
                               /* replace-one under PLD: RDP's replace-one curve beside it */
                               .replace = o->replace || (o->pld && o->rel == 3 && !o->fixed_batch),
                               .fixed_batch = o->fixed_batch };
    lp_account_curve curve;
    lp_order_list grid;         /* --accountant pld parses no --orders: the default's grid */
    lp_pld_profile prof;
    point pts[PLOT_POINTS + 1];
    int has_pld = o->pld, has_rdp = 1, rc = 0;
    const char *rdp_title = "RDP, certified upper bound (Balle et al. 2020)";
    const char *rdp_drawn = "the RDP accountant's certified upper bound";
    const char *band_title = "PLD, certified bracket of δ(ε)";
    double emax = NAN;
    arb_t x;
    arf_t lo, hi;
    long at;

    arb_init(x);
    arf_init(lo);
    arf_init(hi);
    lp_order_list_parse(&grid, NULL, NULL, 0);
    if (o->orders.n == 0)
        req.orders = &grid;
    /* the RDP curve of the run's own mechanism where leakproof has one: the
     * Gaussian's (its phases, fixed batches), the VMF's (one run); PLD phases
     * of other mechanisms have none here: the band alone, the legend says so */
    for (size_t i = 0; o->pld && i < o->nphases; i++)
        if (o->pld_phase[i].mech != LP_PLD_GAUSS)
            has_rdp = 0;
    if ((o->pld && o->pld_mech == LP_PLD_VMF) || o->vmf) {
        lp_vmf_step vs = { o->kappa, o->p, o->vmf ? o->sensitivity : NULL };
        req.M = NULL;
        lp_account_curve_init_vmf(&curve, &req, &vs);
        rdp_title = "RDP, certified upper bound (VMF, Zhu-Wang subsampling, Balle et al. 2020)";
        rdp_drawn = "the VMF's RDP accountant's certified upper bound (Zhu and Wang 2019's "
            "subsampling, integer orders)";
    } else if (has_rdp) {
        lp_account_curve_init(&curve, &req);
    } else {
        rdp_title = NULL;
        rdp_drawn = NULL;
        memset(&curve, 0, sizeof curve);
    }
    if (has_pld) {
        lp_pld_request pr = { .M = o->M, .q = o->q, .delta = PLOT_DELTA_MIN, .eps = NULL,
                              .steps = o->steps, .relation = o->rel, .width = o->width,
                              .max_n = LP_PLD_MAX_N, .digits = o->digits,
                              .mech = (lp_pld_mech_id) o->pld_mech, .kappa = o->kappa, .p = o->p,
                              .phases = o->nphases ? o->pld_phase : NULL, .nphases = o->nphases,
                              .fixed_batch = o->fixed_batch };
        if (lp_pld_profile_init(&prof, &pr) != 0) {
            fprintf(lp_err(), "leakproof account: --plot: %s\n", prof.why ? prof.why : "the PLD failed");
            rc = prof.out_of_memory ? LP_EXIT_RESOURCES : lp_cancelled() ? LP_EXIT_INTERRUPTED
                : LP_EXIT_FAIL;
            lp_pld_profile_clear(&prof);
            has_pld = 0;
            goto done;
        }
    }
    /* the axis: 0 .. the epsilon at the figure's lowest delta (the PLD's upper
     * end where reached, else the RDP bound) */
    lp_decimal_arb(x, PLOT_DELTA_MIN, 128);
    if (has_pld) {
        double elo, ehi;
        lp_pld_profile_epsilon(&elo, &ehi, &prof, x);
        emax = ehi;
    }
    if (!isfinite(emax) && rdp_title) {
        lp_account_curve_epsilon(hi, &at, &curve, x);
        emax = to_double(hi, 1);
    }
    if (!(isfinite(emax) && emax > 0))
        emax = 1;               /* q = 0 (delta 0 everywhere) or no bound: an axis still */
    for (size_t i = 0; i <= PLOT_POINTS && !lp_cancelled(); i++) {
        point *p = &pts[i];
        p->eps = emax * (double) i / PLOT_POINTS;
        arb_set_d(x, p->eps);
        p->rdp = NAN;
        if (rdp_title) {
            lp_account_curve_delta(hi, &at, &curve, x);
            p->rdp = at >= 0 || curve.q0 ? fmax(to_double(hi, 1), 1e-300) : NAN;
        }
        p->pld_lo = p->pld_hi = NAN;
        if (has_pld) {
            lp_pld_profile_delta(lo, hi, &prof, x);
            p->pld_lo = fmax(to_double(lo, 0), 1e-300);     /* 0 below the log axis */
            p->pld_hi = fmax(to_double(hi, 1), 1e-300);
        }
    }
    if (lp_cancelled()) {
        rc = LP_EXIT_INTERRUPTED;
        goto done;
    }
    if (has_pld && rdp_title == NULL)
        band_title = "PLD, certified bracket of δ(ε) (no RDP curve of these mechanisms here)";
    if ((rc = draw(o, pts, PLOT_POINTS + 1, has_pld, rdp_title, band_title, emax)) == 0) {
        lp_record *fig = lp_record_object(rec, "plot");
        char drawn[300];
        lp_snprintf(drawn, sizeof drawn, "delta(epsilon): %s%s%s", has_pld ? "the PLD's certified "
                    "bracket (band)" : "", has_pld && rdp_drawn ? " and " : "", rdp_drawn ? rdp_drawn
                    : ", alone: leakproof has no RDP curve of these phases' mechanisms");
        lp_record_text(fig, "file", o->plot);
        lp_record_text(fig, "drawn", drawn);
        lp_record_int(fig, "points", PLOT_POINTS + 1);
        lp_record_double(fig, "epsilon_max", emax);
        lp_record_text(fig, "delta_min", PLOT_DELTA_MIN);
        for (size_t i = 0; i <= PLOT_POINTS; i += PLOT_POINTS / 8) {
            lp_record *row = lp_record_append(fig, "profile");
            lp_record_double(row, "epsilon", pts[i].eps);
            if (has_pld) {
                lp_record_double(row, "pld_delta_lower_bound", pts[i].pld_lo);
                lp_record_double(row, "pld_delta_upper_bound", pts[i].pld_hi);
            }
            if (isfinite(pts[i].rdp))
                lp_record_double(row, "rdp_delta_upper_bound", pts[i].rdp);
            else                /* no order certified there, or no curve */
                lp_record_null(row, "rdp_delta_upper_bound");
        }
    }
done:
    if (has_pld)
        lp_pld_profile_clear(&prof);
    if (rdp_title)
        lp_account_curve_clear(&curve);
    lp_order_list_clear(&grid);
    arb_clear(x);
    arf_clear(lo);
    arf_clear(hi);
    return rc;
}
