/* The live chart both desktop examples draw (Examples/gtk4, Examples/qt): two series appended to as the samples
   come, the view following the last 10 s of x; the legend pinned above the plot, so that it never moves as the data
   does. */
#ifndef GLINT_EXAMPLES_LIVE_SIGNAL_H
#define GLINT_EXAMPLES_LIVE_SIGNAL_H

static const char live_signal_spec[] =
    "{\"width\": 800, \"height\": 500, \"title\": \"Live signal\","
    " \"x\": {\"title\": \"time (s)\"}, \"y\": {\"title\": \"value\"},"
    " \"series\": [{\"name\": \"noisy sine\", \"x\": [], \"y\": []}, {\"name\": \"sine\", \"x\": [], \"y\": [], \"width\": 2}],"
    " \"legend\": {\"placement\": \"outside\", \"position\": \"top\", \"orientation\": \"horizontal\"},"
    " \"follow\": {\"x\": 10}}";

/* The series' names, for the tooltips (a hit names its series by index). */
static const char *const live_signal_series[] = {"noisy sine", "sine"};

#endif
