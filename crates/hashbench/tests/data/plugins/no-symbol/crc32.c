/* A library that defines something, but not hashbench_plugin_v1: it loads, and is
 * refused for the missing symbol. */
int not_the_descriptor(void)
{
    return 0;
}
