/* GSL status codes in leakproof's words.  Contract in forms.h. */
#include <gsl/gsl_errno.h>
#include "forms/forms.h"

lp_status
lp_gsl_status(int gsl_status)
{
    switch (gsl_status) {
    case GSL_SUCCESS:   return LP_OK;
    case GSL_EOVRFLW:   return LP_OVERFLOW;
    case GSL_EUNDRFLW:  return LP_UNDERFLOW;
    case GSL_EDOM:      return LP_DOMAIN;
    default:            return LP_FAILED;
    }
}
