// Not valid OpenCL C: the build must fail and show this in its log.
__kernel void broken(__global int *x) { x[0] = undeclared_thing; }
