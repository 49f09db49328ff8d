// Tables of the chicken feature; mirrors its migration file.
export {};
