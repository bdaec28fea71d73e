/* SPDX-License-Identifier: GPL-2.0 */
/* Empty: see kshim.h. */
