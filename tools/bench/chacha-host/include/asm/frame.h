/* Empty: see kshim.h. */
