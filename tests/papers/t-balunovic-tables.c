/* t-balunovic-tables.c -- Balunovic et al.'s tables as arithmetic: the
 * architectures of Tables 3 and 4 run through a shape interpreter (every
 * Linear's in_features against the flattened shape of a 3x32x32 input, the
 * parameter count layer by layer) and against the project's layer files
 * (cases/networks/), ConvNet's count against its closed form in the width at
 * random widths, the text's readings of the architectures (80 % / 20 %, "2
 * convolutional and 3 linear layers", "7 convolutional layers"), and the
 * readings of Tables 2 and 5 that the text states (all figures exact: PSNRs
 * in hundredths of a dB, integers). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "helpers.h"
#include "mutant.h"

/* ---- a shape interpreter for the printed architectures ------------------------ */

typedef enum { CONV, BN, POOL, LINEAR } kind;
typedef struct { kind k; long in, out, ksize, stride, pad; } layer;

typedef struct {
    long params[64];    /* per parametrised module, in order */
    int nparams, nconv, nlinear;
    long total, c, h, w;
    int shape_ok;       /* every Linear's in_features equals the flattened shape */
    char why[160];
} net_count;

static void
interpret(net_count *n, const layer *l, int len)
{
    memset(n, 0, sizeof *n);
    n->c = 3; n->h = 32; n->w = 32;     /* CIFAR-10 / CIFAR-100 images */
    n->shape_ok = 1;
    for (int i = 0; i < len; i++) {
        long p = 0;
        switch (l[i].k) {
        case CONV:
            if (l[i].in != n->c) {
                n->shape_ok = 0;
                snprintf(n->why, sizeof n->why, "layer %d: conv in_channels %ld, input has %ld", i, l[i].in, n->c);
            }
            n->h = (n->h + 2 * l[i].pad - l[i].ksize) / l[i].stride + 1;
            n->w = (n->w + 2 * l[i].pad - l[i].ksize) / l[i].stride + 1;
            n->c = l[i].out;
            p = l[i].in * l[i].out * l[i].ksize * l[i].ksize + l[i].out;
            n->nconv++;
            break;
        case BN:
            p = 2 * n->c;       /* weight and bias; running statistics are buffers */
            break;
        case POOL:              /* PyTorch: stride defaults to the kernel size, floor mode */
            n->h = (n->h - l[i].ksize) / l[i].stride + 1;
            n->w = (n->w - l[i].ksize) / l[i].stride + 1;
            break;
        case LINEAR:
            if (l[i].in != n->c * n->h * n->w) {
                n->shape_ok = 0;
                snprintf(n->why, sizeof n->why, "layer %d: in_features %ld, flattened input %ld x %ld x %ld = %ld",
                         i, l[i].in, n->c, n->h, n->w, n->c * n->h * n->w);
            }
            n->c = l[i].out; n->h = 1; n->w = 1;
            p = l[i].in * l[i].out + l[i].out;
            n->nlinear++;
            break;
        }
        if (p) {
            n->params[n->nparams++] = p;
            n->total += p;
        }
    }
}

/* Table 3, as printed */
static const layer convbig[] = {
    { CONV, 3, 32, 3, 1, 1 }, { POOL, 0, 0, 2, 2, 0 },
    { CONV, 32, 64, 1, 1, 1 }, { POOL, 0, 0, 2, 2, 0 },
    { LINEAR, 5184, 2000, 0, 0, 0 }, { LINEAR, 2000, 1000, 0, 0, 0 }, { LINEAR, 1000, 10, 0, 0, 0 },
};

/* Table 4 at width w with `classes` outputs (printed: Linear(36 * width, 3)) */
static int
convnet(layer *l, long w, long classes)
{
    static const long ch[][2] = { { 0, 1 }, { 1, 2 }, { 2, 2 }, { 2, 4 }, { 4, 4 }, { 4, 4 }, { -1, -1 },
                                  { 4, 4 }, { 4, 4 }, { 4, 4 }, { -1, -1 } };
    int n = 0;
    for (size_t i = 0; i < sizeof ch / sizeof ch[0]; i++) {
        if (ch[i][0] < 0) {
            l[n++] = (layer) { POOL, 0, 0, 3, 3, 0 };
            continue;
        }
        l[n++] = (layer) { CONV, ch[i][0] ? ch[i][0] * w : 3, ch[i][1] * w, 3, 1, 1 };
        l[n++] = (layer) { BN, 0, 0, 0, 0, 0 };
    }
    l[n++] = (layer) { LINEAR, lp_mut_long("balunovic/table4", 36) * w, classes, 0, 0, 0 };
    return n;
}

/* the layer file's counts, one per non-comment line */
static int
read_layers(long *out, int max, const char *name)
{
    char path[512], line[256];
    const char *srcdir = getenv("srcdir") ? getenv("srcdir") : ".";
    int n = 0;
    FILE *f;
    snprintf(path, sizeof path, "%s/cases/networks/%s", srcdir, name);
    if (!(f = fopen(path, "r")))
        return -1;
    while (fgets(line, sizeof line, f) && n < max)
        if (line[0] != '#' && line[0] != '\n')
            out[n++] = strtol(line, NULL, 10);
    fclose(f);
    return n;
}

static int
same_counts(const net_count *n, const long *file, int nfile)
{
    if (nfile != n->nparams)
        return 0;
    for (int i = 0; i < nfile; i++)
        if (file[i] != n->params[i])
            return 0;
    return 1;
}

static void
test_convbig(void)
{
    net_count n;
    long file[64], largest = 0;
    int nfile, at = -1;
    layer printed[sizeof convbig / sizeof convbig[0]];
    memcpy(printed, convbig, sizeof convbig);
    printed[4].in = lp_mut_long("balunovic/table3", printed[4].in);     /* the printed Linear(5184, ...) */
    interpret(&n, printed, sizeof convbig / sizeof convbig[0]);
    tap_ok(n.shape_ok && n.total == 12384018,
           "[balunovic/table3] ConvBig as printed: Linear(5184, 2000) matches the flattened 64 x 9 x 9 "
           "(the 1x1 conv with padding 1 grows 16 -> 18) for a 3x32x32 input; %ld parameters %s", n.total, n.why);
    nfile = read_layers(file, 64, "convbig.layers");
    tap_ok(same_counts(&n, file, nfile), "[balunovic/table3] cases/networks/convbig.layers holds the same %d "
           "per-layer counts (read %d)", n.nparams, nfile);
    /* A.1: the first linear layer holds "around 80 %" of the weights, the second "20 %" */
    {
        long first = lp_mut_long("balunovic/A.1/80-20", n.params[2]), second = n.params[3];
        long pf = (1000 * first + n.total / 2) / n.total, ps = (1000 * second + n.total / 2) / n.total;
        tap_ok((pf + 50) / 100 == 8 && (ps + 50) / 100 == 2,
               "[balunovic/A.1/80-20] first linear layer %ld of %ld = %ld.%ld %%, second %ld = %ld.%ld %%: "
               "80 %% and 20 %% to the nearest ten", first, n.total, pf / 10, pf % 10, second, ps / 10, ps % 10);
    }
    for (int i = 0; i < n.nparams; i++)
        if (n.params[i] > largest) {
            largest = n.params[i];
            at = i;
        }
    tap_ok(n.nconv == lp_mut_long("balunovic/sec6/soteria-net", 2) && n.nlinear == 3 && at == n.nconv,
           "[balunovic/sec6/soteria-net] Table 3 has %d convolutional and %d linear layers; the largest layer "
           "(%ld parameters) is module %d, the linear layer right after the convolutions", n.nconv, n.nlinear,
           largest, at + 1);
}

static void
test_convnet(void)
{
    layer l[32];
    net_count n;
    long file[64];
    int nfile, len = convnet(l, 64, 3), all = 1;
    flint_rand_t state;
    interpret(&n, l, len);
    tap_ok(n.shape_ok && n.c == 3 && n.total == 3479427,
           "[balunovic/table4] ConvNet-64 as printed: Linear(36 * 64, 3) matches the flattened 256 x 3 x 3 "
           "after two MaxPool2d(3) (32 -> 10 -> 3); %ld parameters %s", n.total, n.why);
    nfile = read_layers(file, 64, "convnet64.layers");
    tap_ok(same_counts(&n, file, nfile), "[balunovic/table4] cases/networks/convnet64.layers holds the same %d "
           "per-layer counts (read %d)", n.nparams, nfile);
    /* the count in closed form: 846 w^2 + (114 + 36 c) w + c, at random widths and class counts */
    test_rand_init(state);
    for (long it = 0; it < test_iterations(200); it++) {
        long w = 1 + n_randint(state, 512), c = 1 + n_randint(state, 1000);
        long closed = 846 * w * w + (114 + 36 * c) * w + c;
        net_count m;
        interpret(&m, l, convnet(l, w, c));
        if (!m.shape_ok || m.total != closed) {
            all = 0;
            printf("# width %ld classes %ld: interpreter %ld, closed form %ld %s\n", w, c, m.total, closed, m.why);
            break;
        }
    }
    flint_randclear(state);
    tap_ok(all, "[balunovic/table4] 36 * width is the flattened size and the count is 846 w^2 + (114 + 36 c) w + c "
           "at %ld random widths w <= 512 and class counts c <= 1000", test_iterations(200));
    tap_todo(n.nconv == lp_mut_long("balunovic/sec6/convnet-7", 7),
             "[balunovic/sec6/convnet-7] Section 6 calls ATS's ConvNet 'a network with 7 convolutional layers'; "
             "Table 4 lists %d Conv2d layers (and %d linear)", n.nconv, n.nlinear);
    {
        long printed_outputs = n.c;     /* Table 4's last layer, as interpreted above */
        interpret(&n, l, convnet(l, 64, 10));
        tap_todo(lp_mut_long("balunovic/table4/classes", printed_outputs) == 10, "[balunovic/table4/classes] Table 4 ends in Linear(36 * width, 3): %ld outputs for CIFAR-10's 10 "
             "classes (ATS's augmentations were chosen on CIFAR-100); 3,479,427 parameters as printed, %ld with "
             "10 outputs", printed_outputs, n.total);
    }
}

/* ---- Table 2 and Table 5: the text's readings ------------------------------------ */

enum { BAYES, L2, L1, COS };
static const char *const defense[] = { "Gaussian", "Laplacian", "Prune + Gauss", "Prune + Lap" };
static const char *const dataset[] = { "MNIST", "CIFAR-10" };
static const char *const attack[] = { "Bayes", "l2", "l1", "cos" };
/* [dataset][defense][step 0 / step 500][attack], hundredths of a dB, as printed */
static const int t2[2][4][2][4] = {
    { { { 1963, 1995, 1939, 1970 }, { 1606, 1618, 1586, 1539 } },
      { { 1948, 1886, 1999, 1864 }, { 1595, 1547, 1631, 1514 } },
      { { 1840, 1444, 1395, 1672 }, { 1642, 1315, 1324, 1447 } },
      { { 1827, 1401, 1386, 1521 }, { 1652, 1360, 1354, 1457 } } },
    { { { 2186, 2181, 2149, 2153 }, { 1794, 1864, 1800, 1834 } },
      { { 2187, 2102, 2189, 2087 }, { 1841, 1837, 1911, 1802 } },
      { { 2073, 1660, 1620, 1873 }, { 1867, 1561, 1527, 1674 } },
      { { 2054, 1625, 1613, 1740 }, { 1851, 1532, 1524, 1551 } } },
};
/* Table 5: l2 + TV, l2 + TV + L_[0,1] (MNIST, 500 steps) */
static const int t5[4][2] = { { 1618, 1630 }, { 1547, 1576 }, { 1315, 1363 }, { 1360, 1410 } };

static int
best_other(const int *row, int *who)
{
    int b = -1;
    for (int a = L2; a <= COS; a++)
        if (row[a] > b) {
            b = row[a];
            *who = a;
        }
    return b;
}

static void
test_table2(void)
{
    int early = 0, best = 0, cells = 0, worst_early = 100000, prune_lead = 100000, gauss_gap = 0;
    int others_fail = 0, two_fail = 0, lap_lead_max = 0, lap_lead_min = 100000;
    char fails[512] = "";
    for (int ds = 0; ds < 2; ds++)
        for (int df = 0; df < 4; df++) {
            for (int a = 0; a < 4; a++) {
                int gap = (int) lp_mut_sign("balunovic/table2/early", t2[ds][df][0][a] - t2[ds][df][1][a]);
                early += gap > 0;
                worst_early = gap < worst_early ? gap : worst_early;
            }
            for (int st = 0; st < 2; st++) {
                const int *row = t2[ds][df][st];
                int who, b = best_other(row, &who);
                int bayes_best = (int) lp_mut_apply(lp_mut_which("balunovic/table2/bayes-best", "rel- half"), row[BAYES]);
                int bayes_prune = (int) lp_mut_apply(lp_mut_which("balunovic/table2/caption", "rel- half"), row[BAYES]);
                int bayes_gauss = (int) lp_mut_long("balunovic/table2/gauss-similar", row[BAYES]);
                cells++;
                best += bayes_best > b;
                if (df >= 2)
                    prune_lead = bayes_prune - b < prune_lead ? bayes_prune - b : prune_lead;
                if (df == 0) {
                    int g = abs(bayes_gauss - row[L2]);
                    gauss_gap = g > gauss_gap ? g : gauss_gap;
                } else {
                    int bayes = (int) lp_mut_apply(lp_mut_which("balunovic/table2/others", "rel- half"), row[BAYES]);
                    if (bayes <= b) {
                        size_t used = strlen(fails);
                        others_fail++;
                        snprintf(fails + used, sizeof fails - used, "%s%s %s step %d: %s %.2f > Bayes %.2f",
                                 used ? "; " : "", dataset[ds], defense[df], st ? 500 : 0, attack[who], b / 100.0,
                                 row[BAYES] / 100.0);
                        lap_lead_max = b - row[BAYES] > lap_lead_max ? b - row[BAYES] : lap_lead_max;
                        lap_lead_min = b - row[BAYES] < lap_lead_min ? b - row[BAYES] : lap_lead_min;
                    }
                    two_fail += bayes <= row[L2] || bayes <= row[COS];
                }
            }
        }
    tap_ok(early == 32, "[balunovic/table2/early] every one of the 32 (dataset, defense, attack) PSNRs is higher at "
           "step 0 than at step 500: %d of 32, the smallest drop %.2f dB", early, worst_early / 100.0);
    tap_ok(2 * best > cells, "[balunovic/table2/bayes-best] Bayes has the highest PSNR in %d of %d (dataset, defense, "
           "step) cells ('generally performs best'; all 8 pruning cells among them)", best, cells);
    tap_ok(prune_lead >= 100, "[balunovic/table2/caption] with pruning (where no other attack's distribution "
           "matches the defense) Bayes leads the best other attack by at least %.2f dB in all 8 cells",
           prune_lead / 100.0);
    tap_ok(gauss_gap <= 100 && gauss_gap < prune_lead,
           "[balunovic/table2/gauss-similar] Gaussian defense: |Bayes - l2| <= %.2f dB in the 4 cells ('similar'), "
           "below the smallest lead of Bayes with pruning (%.2f dB)", gauss_gap / 100.0, prune_lead / 100.0);
    tap_todo(others_fail == 0,
             "[balunovic/table2/others] 'in all other cases Bayes outperforms the other attacks': in %d of the 12 "
             "non-Gaussian cells another attack is ahead (%s); lead %.2f..%.2f dB", others_fail, fails,
             lap_lead_min / 100.0, lap_lead_max / 100.0);
    tap_ok(two_fail == 0, "[balunovic/table2/others] read as 'outperforms l2 and cosine', it holds in all 12 "
           "non-Gaussian cells (%d exceptions)", two_fail);
}

static void
test_table5(void)
{
    int improved = 0, same = 0, least = 100000;
    for (int i = 0; i < 4; i++) {
        int gain = (int) lp_mut_sign("balunovic/table5/improves", t5[i][1] - t5[i][0]);
        improved += gain > 0;
        least = gain < least ? gain : least;
        same += lp_mut_long("balunovic/table5/from-table2", t5[i][0]) == t2[0][i][1][L2];
    }
    tap_ok(improved == 4, "[balunovic/table5/improves] the pixel-range prior raises the PSNR for %d of 4 defenses "
           "(smallest gain %.2f dB)", improved, least / 100.0);
    tap_ok(same == 4, "[balunovic/table5/from-table2] Table 5's l2 + L_TV column equals Table 2's MNIST step-500 l2 "
           "column in %d of 4 rows", same);
}

int
main(void)
{
    test_convbig();
    test_convnet();
    test_table2();
    test_table5();
    flint_cleanup();
    return tap_done();
}
